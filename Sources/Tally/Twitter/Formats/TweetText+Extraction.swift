extension TweetText {
    /// Finds hashtags and user mentions in plain text, for tweets that carry no entities
    /// (the 2007–2010 API shapes).
    ///
    /// A hashtag is `#` or `＃` after a non-word character, then word characters with at least one
    /// that is not a digit; a mention is `@` or `＠` after a non-word character, then 1–15 of
    /// `[A-Za-z0-9_]`, as Twitter's own text rules had them.
    public static func extractEntities(from text: String) -> [TextEntity] {
        let scalars = Array(text.unicodeScalars)
        var found: [TextEntity] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let afterBoundary = index == 0 || !(isWordScalar(scalars[index - 1]) || scalars[index - 1] == "&")
            if afterBoundary, TextEntity.Kind.hashtag.isSigil(scalar) {
                var end = index + 1
                while end < scalars.count, isWordScalar(scalars[end]) { end += 1 }
                let body = scalars[(index + 1)..<end]
                if !body.isEmpty, body.contains(where: { $0.properties.numericType == nil }) {
                    found.append(TextEntity(kind: .hashtag, value: String(String.UnicodeScalarView(body)), range: index..<end))
                    index = end
                    continue
                }
            } else if afterBoundary, TextEntity.Kind.user.isSigil(scalar) {
                var end = index + 1
                while end < scalars.count, end - index <= 15, scalars[end].isASCII,
                      scalars[end] == "_" || scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]) {
                    end += 1
                }
                if end > index + 1, end == scalars.count || !(scalars[end] == "@" || isWordScalar(scalars[end])) {
                    found.append(TextEntity(kind: .user, value: String(String.UnicodeScalarView(scalars[(index + 1)..<end])), range: index..<end))
                    index = end
                    continue
                }
            }
            index += 1
        }
        return found
    }
}
