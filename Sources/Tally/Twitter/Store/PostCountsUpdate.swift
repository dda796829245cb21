import GRDB

/// Gives a stored post the counts a later import of it carries: each count the document gives
/// replaces the stored one (a count it leaves out keeps the stored one), and a post whose counts
/// change is stamped with the import's number (`counts_seq`), so that a rebuild shows its cards
/// anew. A post imported again with the same counts is not written.
struct PostCountsUpdate {
    private let statement: RawStatement
    private let seq: Int64

    init(db: Database, seq: Int64) throws {
        statement = try RawStatement(db, sql: """
            UPDATE tweet SET reply_count = coalesce(?1, reply_count), repost_count = coalesce(?2, repost_count),
                quote_count = coalesce(?3, quote_count), like_count = coalesce(?4, like_count), counts_seq = ?5
            WHERE id = ?6 AND (reply_count IS NOT coalesce(?1, reply_count) OR repost_count IS NOT coalesce(?2, repost_count)
                OR quote_count IS NOT coalesce(?3, quote_count) OR like_count IS NOT coalesce(?4, like_count))
            """)
        self.seq = seq
    }

    /// Writes `tweet`'s counts over the stored ones, if it has any and they differ.
    func run(_ tweet: ImportedTweet) throws {
        guard !tweet.counts.isEmpty else { return }
        statement.bind(1, tweet.counts.replies)
        statement.bind(2, tweet.counts.reposts)
        statement.bind(3, tweet.counts.quotes)
        statement.bind(4, tweet.counts.likes)
        statement.bind(5, seq)
        statement.bind(6, tweet.id)
        try statement.run()
    }
}
