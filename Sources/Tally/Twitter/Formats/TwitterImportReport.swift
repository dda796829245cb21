/// What one file did to the Twitter tables, as its summary line says it.
public struct TwitterImportReport: ImportReport, Equatable {
    /// The search terms the file's tweets were counted for.
    public var terms: [String] = []
    public var newTweets = 0
    public var knownTweets = 0
    /// Tweets carried only as context (retweeted or quoted originals) newly stored.
    public var relatedTweets = 0
    /// Mentions added to the terms' popularity counts.
    public var mentionsCounted = 0
    /// What the line calls the file's posts: `tweet`, or `post` for another network's.
    public var postNoun = "tweet"
    /// New tweets stored with no author (a lone archive `tweets.js` imported without `--owner`).
    public var authorless = 0

    public init() {}

    public var description: String {
        let term = terms.isEmpty ? "no search term" : "term " + terms.map { "\"\($0)\"" }.joined(separator: ", ")
        return "\(Self.count(newTweets, postNoun)) new, \(knownTweets) already stored, "
            + "\(Self.count(mentionsCounted, "mention")) counted (\(term))"
            + (authorless == 0 ? "" : "; \(authorless) of them \(authorless == 1 ? "names" : "name") no author: import the Twitter archive's .zip or the folder "
               + "it unpacks to, which names its owner, or name the owner with --owner NAME")
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        value == 1 ? "1 \(noun)" : "\(value) \(noun)s"
    }
}
