import Foundation

extension TextEntity {
    /// A tweet's entities as stored in `tweet.entities`: a JSON array with one array per entity,
    /// `["h", start, end, "tag"]`, `["u", start, end, "name"]` or
    /// `["l", start, end, "t.co URL", "expanded", "display"]`, with null offsets when unplaced; a
    /// hashtag or mention from another network adds where it leads there (`["u", …, "name", "https://…"]`).
    /// One column rather than a row per entity keeps imports to one insert per tweet.
    static func storageJSON(_ entities: [TextEntity]) -> String {
        guard !entities.isEmpty else { return "[]" }
        var out = "["
        out.reserveCapacity(entities.count * 32)
        for (index, entity) in entities.enumerated() {
            if index > 0 { out += "," }
            out += "[\"" + (entity.kind == .hashtag ? "h" : entity.kind == .user ? "u" : "l") + "\","
            if let range = entity.range { out += "\(range.lowerBound),\(range.upperBound)," } else { out += "null,null," }
            JSONArgument.appendString(entity.value, to: &out)
            if entity.kind == .url {
                out += ","
                if let expanded = entity.expandedURL { JSONArgument.appendString(expanded, to: &out) } else { out += "null" }
                out += ","
                if let display = entity.displayURL { JSONArgument.appendString(display, to: &out) } else { out += "null" }
            } else if let expanded = entity.expandedURL {
                // A Mastodon or Bluesky hashtag or mention keeps where it leads on its network.
                out += ","
                JSONArgument.appendString(expanded, to: &out)
            }
            out += "]"
        }
        return out + "]"
    }

    /// Reads `storageJSON`'s form back; anything malformed is skipped rather than trusted.
    static func fromStorageJSON(_ text: String, parser: JSONParser) -> [TextEntity] {
        guard text != "[]", let root = try? parser.parse(Array(text.utf8)), let list = root.array else { return [] }
        var entities: [TextEntity] = []
        entities.reserveCapacity(list.count)
        for item in list {
            guard let fields = item.array, fields.count >= 4 else { continue }
            let values = Array(fields)
            guard let tag = values[0].string, let value = values[3].string else { continue }
            let kind: Kind = tag == "h" ? .hashtag : tag == "u" ? .user : .url
            var range: Range<Int>? = nil
            if let start = values[1].int64, let end = values[2].int64, start >= 0, start <= end, end < Int64(Int32.max) {
                range = Int(start)..<Int(end)
            }
            entities.append(TextEntity(kind: kind, value: value, range: range,
                                       expandedURL: values.count > 4 ? values[4].string : nil,
                                       displayURL: values.count > 5 ? values[5].string : nil))
        }
        return entities
    }
}
