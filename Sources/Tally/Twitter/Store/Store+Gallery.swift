import GRDB

/// A stored picture (photo, or a video's or GIF's preview) with the post it belongs to, for the gallery.
public struct GalleryItem: Sendable, Equatable {
    public var tweetID: String
    /// Its place among the post's pictures, from 0.
    public var position: Int
    public var media: StoredMedia
    /// Its post's author as a card names them (the name, else `@handle`), and its post's time.
    public var author: String? = nil
    public var createdAt: Int64 = 0
}

/// The gallery's queries: every stored post's pictures, in the order of the posts.
extension Store {
    /// How many pictures are stored.
    public func galleryCount() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet_media m JOIN tweet t ON t.id = m.tweet_id") ?? 0 }
    }

    /// Walks every picture newest first (by its post's time, as the post lists order posts; a
    /// post's own pictures last to first, the exact reverse of oldest first), in chunks whose
    /// sizes `sizes` gives one after another.
    public func forEachGalleryChunk(sizes: () -> Int, _ body: ([GalleryItem]) throws -> Void) throws {
        try queue.read { db in
            let cursor = try GalleryItem.fetchCursor(db, sql: """
                SELECT m.tweet_id, m.position, m.kind, m.image_url, m.link_url, m.alt, m.width, m.height,
                    coalesce(nullif(u.name, ''), '@' || u.screen_name) AS author, t.created_at
                FROM tweet_media m JOIN tweet t ON t.id = m.tweet_id LEFT JOIN user u ON u.id = t.author_id
                ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC, m.position DESC
                """)
            var items: [GalleryItem] = []
            var size = max(1, sizes())
            while let item = try cursor.next() {
                items.append(item)
                if items.count == size {
                    try body(items)
                    items.removeAll(keepingCapacity: true)
                    size = max(1, sizes())
                }
            }
            if !items.isEmpty { try body(items) }
        }
    }

    /// Whether any of these posts has a picture.
    public func hasPictures(_ tweets: some Collection<String>) throws -> Bool {
        guard !tweets.isEmpty else { return false }
        return try queue.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM tweet_media WHERE tweet_id IN (SELECT value FROM json_each(?)))",
                              arguments: [JSONArgument.array(Array(tweets))]) ?? false
        }
    }
}
