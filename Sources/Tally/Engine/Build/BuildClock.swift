import Foundation

/// The time a build or import says it is: `SOURCE_DATE_EPOCH` when set, so output is reproducible.
public enum BuildClock {
    /// Seconds since 1970.
    public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int64 {
        if let text = environment["SOURCE_DATE_EPOCH"], let value = Int64(text.trimmingCharacters(in: .whitespaces)) { return value }
        return Int64(Date().timeIntervalSince1970)
    }
}
