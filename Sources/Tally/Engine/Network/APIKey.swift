import Foundation

/// A key or token a fetch needs, read from the environment each time: never stored or shown.
public enum APIKey {
    /// The value of `variable`, if set and not blank.
    public static func optional(_ variable: String, in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The value of `variable`; `missing` (saying what to set) is thrown when it is unset or blank.
    public static func required(_ variable: String, missing: Error,
                                in environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        guard let value = optional(variable, in: environment) else { throw missing }
        return value
    }
}
