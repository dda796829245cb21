/// A kind of document a source reads, recognised by its shape, never by the file's name.
public protocol DocumentFormat: Sendable {
    /// What the format is called in summaries and messages (`Notes list`).
    var name: String { get }
    /// What its documents look like, for the message that lists what Tally reads
    /// (`{statuses, search_metadata}`).
    var shape: String { get }
    /// Whether `root` is a document of this format. Strict enough that no other source's documents
    /// are claimed: the engine gives a document to the first format that claims it.
    func claims(_ root: JSONValue) -> Bool
    /// Reads a claimed document into a batch for the source's sink. Shape problems throw
    /// `ShapeError` with the JSON path below `path`.
    func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch
}

/// What one document yields, handed from the reading thread to the source's sink.
public protocol ImportBatch: Sendable {
    /// How many items (posts, entries…) it holds, for the progress line.
    var itemCount: Int { get }
    /// Makes on the reading thread what the sink will write and needs no store for (folded
    /// keys, a column's text), so that the transaction, which runs on one thread, does less.
    mutating func prepare()
}

extension ImportBatch {
    public mutating func prepare() {}
}

/// Options given on the command line for one import (`--term`, `--place`…), by name. The engine
/// passes them through; each source reads the ones it knows.
public struct ImportOptions: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public var values: [String: String]
    /// When the file being read was last modified (seconds since 1970), set by the importer for
    /// each file: a fallback time for documents that carry none of their own.
    public var fileModifiedAt: Int64?

    public init(_ values: [String: String] = [:]) { self.values = values }

    public init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }
}
