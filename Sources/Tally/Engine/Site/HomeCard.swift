/// A source's card on the home page: its own template and model, rendered into the home page.
public struct HomeCard: Sendable {
    /// The source's name, as the card's heading.
    public var title: String
    /// The newest item the source holds (seconds since 1970), for the site's "newest data" line.
    public var newest: Int64?
    /// Whether `tally fetch` keeps this source current, so old data means a missed fetch (the
    /// home page then says so); an imported archive is as new as it will ever be.
    public var isFetched: Bool
    /// The card's Markdown template (`notes/card` for `templates/notes/card.md`).
    public var template: String
    /// The template's model; links in it are relative to the home page.
    public var model: any Encodable & Sendable

    public init(title: String, newest: Int64?, isFetched: Bool = false, template: String, model: any Encodable & Sendable) {
        self.title = title
        self.newest = newest
        self.isFetched = isFetched
        self.template = template
        self.model = model
    }
}
