/// Every file of a site with its digest, by path: a build's manifest read whole, or the record of
/// what a publish put in a folder. Publishing needs the paths themselves; the build does not, and
/// keeps the compact `Manifest`.
struct SiteListing {
    var entries: [String: String] = [:]
    /// The folder a build's manifest describes (device and inode), when it says.
    var folder: String?
    /// A publish record written before a publish touched its folder: `entries` are then every
    /// path that publish may have left there, and their digests mean nothing.
    var inProgress = false

    init() {}

    init(parsing data: some Sequence<UInt8>) {
        for line in String(decoding: Array(data), as: UTF8.self).split(separator: "\n") {
            if line == Self.inProgressLine { inProgress = true; continue }
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0] == "#folder" {
                folder = String(parts[1])
            } else if !parts[0].hasPrefix("#") {
                entries[String(parts[1])] = String(parts[0])
            }
        }
    }

    static let inProgressLine = "#publishing"

    /// One `digest path` line per file, sorted, after `#publishing` for a publish in progress.
    func serialized() -> String {
        (inProgress ? Self.inProgressLine + "\n" : "") + entries.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
    }
}
