import Foundation

/// Finds where a syntax error is, for messages; simdjson says what is wrong but not where.
enum JSONLocation {
    /// Asks Foundation's parser, which names a byte offset, and turns it into line and column.
    /// Only runs on the error path, so its speed does not matter.
    static func describe(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return nil
        } catch {
            let text = "\((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? "")"
            if text.localizedCaseInsensitiveContains("end of file") || text.localizedCaseInsensitiveContains("end of data") {
                return "at the end of the file (byte \(bytes.count)), the document is cut short"
            }
            guard let range = text.range(of: "(character|offset) \\d+", options: .regularExpression),
                  let offset = Int(text[range].split(separator: " ").last!) else { return nil }
            return position(of: min(offset, bytes.count), in: bytes)
        }
    }

    /// `line 3, column 14 (byte 52)`, counting lines from 1 and columns in bytes from 1.
    static func position(of offset: Int, in bytes: [UInt8]) -> String {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return "line \(line), column \(offset - lineStart + 1) (byte \(offset))"
    }
}
