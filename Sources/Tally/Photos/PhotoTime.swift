import Foundation

/// Reads the times `tally viewed --at` accepts.
public enum PhotoTime {
    /// Seconds since 1970, or ISO 8601 with a zone (`2026-11-21T18:00:00Z`, `…+01:00`).
    public static func parse(_ text: String) throws -> Int64 {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int64(trimmed) { return seconds }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: trimmed) { return Int64(date.timeIntervalSince1970) }
        throw PhotoTimeError(text: text)
    }

    /// `2026-11-21 18:00:00 UTC`.
    public static func format(_ seconds: Int64) -> String {
        UTCTime.iso(seconds).replacingOccurrences(of: "T", with: " ").dropLast() + " UTC"
    }
}

/// A time `--at` could not read.
public struct PhotoTimeError: Error, CustomStringConvertible, Sendable {
    public var text: String
    public var description: String {
        "cannot read the time \"\(text)\"; expected seconds since 1970 or an ISO 8601 time such as 2026-11-21T18:00:00Z"
    }
}
