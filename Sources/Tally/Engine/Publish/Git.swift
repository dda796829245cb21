import Foundation

/// Runs `git` with a fixed environment and returns what it printed; a failure carries git's own words.
struct Git {
    var environment: [String: String]
    var folder: URL
    /// git's error output goes to `tally-git-PID-…` in the temporary folder.
    static let errorFilePrefix = "tally-git-"

    @discardableResult
    func run(_ arguments: [String], input: Data? = nil, allowFailure: Bool = false) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        // stderr goes to a file, so a chatty git never blocks on a second full pipe.
        let errorFile = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(Self.errorFilePrefix)\(getpid())-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do { try process.run() } catch {
            throw GitError(command: arguments, message: "cannot run git (\(error.localizedDescription)); is it installed?")
        }
        if let input {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = (try? Data(contentsOf: errorFile)) ?? Data()
        let text = String(decoding: outputData, as: UTF8.self)
        if process.terminationStatus != 0 && !allowFailure {
            throw GitError(command: arguments, message: String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return (process.terminationStatus, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A git command failed.
struct GitError: Error, CustomStringConvertible {
    var command: [String]
    var message: String
    var description: String { "git \(command.prefix(2).joined(separator: " ")) failed: \(message)" }
}
