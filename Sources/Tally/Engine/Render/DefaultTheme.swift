import Foundation

/// The default theme, embedded at build time from the repository's `templates/` by the EmbedTheme
/// plugin, so an installed `tally` can scaffold and build without the repository.
public enum DefaultTheme {
    /// Every file of the theme by relative path (`layout.html`, `assets/tally.css`…).
    public static var files: [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (path, base64) in encodedFiles {
            result[path] = Data(base64Encoded: base64).map { [UInt8]($0) } ?? []
        }
        return result
    }
}

#if NO_EMBEDDED_THEME
extension DefaultTheme {
    /// Fuzzing builds leave the theme out (see Package.swift).
    static let encodedFiles: [(path: String, base64: String)] = []
}
#endif
