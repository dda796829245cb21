/// One thing the site search can find: a post, a person, an item…
///
/// A source hands these to the index writer; the engine names none of the kinds.
public struct SearchDocument: Sendable, Equatable {
    /// What the result is, shown beside it (`Note`, `Person`); each source names its own.
    public struct Kind: Sendable, Hashable {
        /// A stable short name (`note`), used in the index.
        public var name: String
        /// How a result says what it is (`Note`).
        public var label: String

        public init(name: String, label: String) {
            self.name = name
            self.label = label
        }
    }

    public var kind: Kind
    /// Shown as the result's link text; its words rank above the body's.
    public var title: String
    /// Searched and shown as the snippet.
    public var body: String
    /// The output path of the page the result opens, from `Routes`.
    public var path: String
    /// Seconds since 1970; among equal matches, newer ranks first.
    public var date: Int64?
    /// Among equal matches, a higher weight ranks first (a person before one of their posts).
    public var weight: Int
    /// How the document stands against the previous build's at its place, in a block its source
    /// revisits (`SearchContinuation.revisits`); `.none` everywhere else.
    public var previous: Previous = .none

    /// What a source that revisits a block says of each document it hands over for it.
    public enum Previous: Sendable, Equatable {
        /// New, or changed in its words: indexed (in place of the previous build's at its place).
        case none
        /// The previous build's at this place, unchanged: nothing of it is read (`unchanged`).
        case same
        /// Its title and body are the previous build's at this place: only its result record is made again.
        case sameWords
    }

    /// The document the previous build had at this place of a revisited block, unchanged: handed
    /// over instead of making it again, so that the index reads nothing of it.
    public static func unchanged(weight: Int) -> SearchDocument {
        var document = SearchDocument(kind: Kind(name: "", label: ""), title: "", body: "", path: "", date: nil, weight: weight)
        document.previous = .same
        return document
    }

    public init(kind: Kind, title: String, body: String, path: String, date: Int64?, weight: Int = 0) {
        self.kind = kind
        self.title = title.removingDirectionalControls
        self.body = body.removingDirectionalControls
        self.path = path
        self.date = date
        self.weight = weight
    }
}
