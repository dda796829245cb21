extension PostCounts {
    /// The counts in the network's own words, as a card shows them ("3 replies", "1 boost",
    /// "12 likes"), in the order the network shows them. A count of 0 is left out, as the
    /// networks' own pages leave it out, and so is a count the document did not give.
    func phrases(on network: PostNetwork) -> [String] {
        let repost: (String, String), like: (String, String)
        switch network {
        case .twitter: (repost, like) = (("retweet", "retweets"), ("like", "likes"))
        case .mastodon: (repost, like) = (("boost", "boosts"), ("favourite", "favourites"))
        case .bluesky: (repost, like) = (("repost", "reposts"), ("like", "likes"))
        }
        let shown: [(Int64?, (String, String))] = [(replies, ("reply", "replies")), (reposts, repost), (quotes, ("quote", "quotes")), (likes, like)]
        return shown.compactMap { count, noun in
            guard let count, count > 0 else { return nil }
            return count == 1 ? "1 \(noun.0)" : "\(Int(clamping: count).formatted) \(noun.1)"
        }
    }
}
