/// What the Twitter sink writes for one post and can make without the store: its entities column
/// and its distinct mentions. Made on the reading thread (`TweetBatch.prepare()`), so that the
/// import's transaction, on the other core, spends its time in SQLite rather than on text.
struct TweetRow: Sendable {
    /// `tweet.entities`, as `TextEntity.storageJSON` writes it.
    var entities: String
    /// Each hashtag and user mention once, by folded key, with the post's own spelling, in the
    /// order first seen (`ImportedTweet.distinctMentions`).
    var mentions: [(key: TwitterSink.MentionKey, display: String)]

    init(_ tweet: ImportedTweet) {
        entities = TextEntity.storageJSON(tweet.text.entities)
        mentions = tweet.distinctMentions.map { (TwitterSink.MentionKey(kind: $0.kind, folded: $0.folded), $0.value) }
    }
}
