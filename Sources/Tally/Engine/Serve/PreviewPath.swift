import Foundation

/// Maps a request path, exactly as it arrived (still percent-encoded), to a file of the built site,
/// refusing anything that could reach outside it: `..` in any spelling (`%2e%2e`), an encoded
/// slash or backslash (`%2f`, `%5c`), NUL, hidden files, and symlinks whose target lies outside.
public enum PreviewPath {
    public enum Resolution: Equatable, Sendable {
        /// Serve this file (a real path inside the site).
        case file(String)
        /// A folder asked for without its trailing slash: redirect to this path.
        case redirect(String)
        /// Nothing at this address.
        case notFound
        /// A path that tries to leave the site or is malformed; never looked up.
        case refused(String)
    }

    /// Resolves `rawPath` (the request target's path, before decoding) under `root`.
    public static func resolve(_ rawPath: String, in root: String) -> Resolution {
        guard rawPath.hasPrefix("/") else { return .refused("the path does not start with /") }
        let lowered = rawPath.lowercased()
        for encoded in ["%2f", "%5c", "%00"] where lowered.contains(encoded) {
            return .refused("the path holds an encoded slash, backslash or NUL (\(encoded))")
        }
        guard !rawPath.contains("\\"), !rawPath.utf8.contains(0), let decoded = rawPath.removingPercentEncoding,
              !decoded.utf8.contains(0) else {
            return .refused("the path holds a backslash, NUL or a bad percent-encoding")
        }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .refused("the path holds . or ..") }
        if segments.contains(where: { $0.hasPrefix(".") }) { return .notFound }

        let realRoot = realPath(root) ?? root
        var candidate = realRoot + "/" + segments.joined(separator: "/")
        if decoded.hasSuffix("/") || segments.isEmpty { candidate += (segments.isEmpty ? "" : "/") + "index.html" }
        guard let real = realPath(candidate) else { return .notFound }
        // A symlink (or anything else) that resolves outside the site is refused, not followed.
        guard real == realRoot || real.hasPrefix(realRoot + "/") else { return .refused("the path leads outside the site") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) else { return .notFound }
        if isFolder.boolValue {
            guard !decoded.hasSuffix("/") else { return .notFound }
            // Rebuilt from the segments, so it always starts with exactly one slash: `//name/`
            // would send a browser to the host `name`.
            return .redirect("/" + rawPath.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/") + "/")
        }
        return .file(real)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The media type for a file name's extension.
    public static func mediaType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "csv": return "text/csv; charset=utf-8"
        case "xml": return "application/xml"
        case "txt": return "text/plain; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "vcf": return "text/vcard"
        default: return "application/octet-stream"
        }
    }
}
