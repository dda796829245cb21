import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension CommandLineTool {
    /// Runs `tally ARGUMENTS…` in `folder` to the end and returns its exit status, standard error
    /// and peak resident memory in MiB, as the kernel counted it for that process alone
    /// (`wait4`'s `ru_maxrss`): other tests running meanwhile do not count.
    static func measured(_ arguments: [String], in folder: URL) throws -> (status: Int32, stderr: String, peakMiB: Double) {
        let errors = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        // The shell changes folder, then becomes tally itself (exec), so the process waited for is tally.
        let script = "cd \"$1\" && shift && exec \"$@\" 2>\"$ERRORS\" >/dev/null </dev/null"
        let argv = ["/bin/sh", "-c", script, "sh", folder.path, executable.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["ERRORS"] = errors.path
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, cArguments, cEnvironment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(.ECHILD) }
        }
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errors)
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, text, Double(usage.ru_maxrss) / 1024)
    }
}
