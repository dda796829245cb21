import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a killed run leaves and the next run removes: scratch files and folders whose names carry
/// the id of the process that made them (`tally-publish-PID-…`, `FILE.partial-PID`).
///
/// One is stale when that process no longer runs. Nothing is removed by age: a live run can be
/// slow, and a leftover kept because its id was reused costs only space until the next run after
/// that process ends.
enum Leftovers {
    /// The process id that `text` starts with (its leading digits), and the rest of it.
    static func processID(leading text: Substring) -> (pid: Int32, rest: Substring)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, let pid = Int32(digits), pid > 0 else { return nil }
        return (pid, text.dropFirst(digits.count))
    }

    /// Whether a process with this id runs now (for any user).
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Removes the entries of `folder` (files or whole folders) that are ours (same user) and
    /// whose `owner` — the process id their name carries, nil for names that are not leftovers —
    /// no longer runs. Returns the names removed.
    @discardableResult
    static func removeStale(in folder: String, owner: (String) -> Int32?) -> [String] {
        var removed: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let pid = owner(name), pid != getpid(), !isRunning(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid() else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
        }
        return removed.sorted()
    }

    /// Removes stale `PREFIX<pid>-…` entries of the temporary folder.
    @discardableResult
    static func removeStaleScratch(prefix: String) -> [String] {
        removeStale(in: NSTemporaryDirectory()) { name in
            guard name.hasPrefix(prefix), let found = processID(leading: name.dropFirst(prefix.count)), found.rest.hasPrefix("-") else {
                return nil
            }
            return found.pid
        }
    }
}
