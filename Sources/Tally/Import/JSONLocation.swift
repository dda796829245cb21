import Foundation

/// Finds where a syntax error is, for messages; simdjson reports what is wrong but not where.
enum JSONLocation {
    /// Asks Foundation's parser, which names a line and column, and falls back to nothing.
    /// Only runs on the error path, so its speed does not matter.
    static func describe(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return nil
        } catch {
            let text = "\((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? "")"
            if let range = text.range(of: "line \\d+, column \\d+", options: .regularExpression) {
                return String(text[range])
            }
            if let range = text.range(of: "(character|offset) \\d+", options: .regularExpression) {
                return "byte " + text[range].split(separator: " ").last!
            }
            return nil
        }
    }
}
