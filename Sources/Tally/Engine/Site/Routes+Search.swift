extension Routes {
    /// The search page.
    public static let search = "search/index.html"
    /// The search index's table of contents: shard boundaries, blocks, counts.
    public static let searchIndex = "search/index.js"
    /// The folder of the token shards; shard `n` is `search/shards/n.js`.
    public static let searchShardFolder = "search/shards/"
    /// The folder of the result records; chunk `n` of block `b` is `search/docs/b-n.js`.
    public static let searchDocumentFolder = "search/docs/"

    /// One token shard of the search index.
    public static func searchShard(_ number: Int) -> String { searchShardFolder + "\(number).js" }
    /// One chunk of search result records, by its key (`block-chunk`).
    public static func searchDocuments(_ key: String) -> String { searchDocumentFolder + key + ".js" }
}
