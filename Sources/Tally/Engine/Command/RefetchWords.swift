/// How `tally fetch --again` speaks of what a source fetches again: its help, its discussion and
/// its closing lines are made of every source's words, in registry order.
public struct RefetchWords: Sendable, Equatable {
    /// What it fetches again, in a sentence (`every saved query`).
    public var summary: String
    /// One of them, for `--again`'s help (`saved query`).
    public var item: String
    /// Several of them, for the count of failures (`queries`).
    public var items: String
    /// How to fetch one first (`a query with tally fetch <name>`).
    public var hint: String

    public init(summary: String, item: String, items: String, hint: String) {
        self.summary = summary
        self.item = item
        self.items = items
        self.hint = hint
    }
}
