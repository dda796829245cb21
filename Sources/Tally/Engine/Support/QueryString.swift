/// Reads search terms out of URL query strings (`%23scala`, `words+since%3A2014`).
enum QueryString {
    /// Decodes a form-encoded value: `+` is a space, `%XX` a byte; invalid UTF-8 is repaired.
    static func decode(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                      let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The decoded value of `name` in a URL's query string.
    static func value(of name: String, in url: String) -> String? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        let query = url[url.index(after: question)...].split(separator: "#", maxSplits: 1).first ?? ""
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, decode(String(parts[0])) == name { return decode(String(parts[1])) }
        }
        return nil
    }
}
