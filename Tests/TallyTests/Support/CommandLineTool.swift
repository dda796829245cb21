import Foundation

/// Runs the real `tally` binary, for tests of what only a process shows: exit codes, kills, races.
enum CommandLineTool {
    /// The built binary, beside the test bundle or in the package's debug folder.
    static var executable: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tally"),
            Fixture.repository.appendingPathComponent(".build/debug/tally"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }

    /// Starts `tally ARGUMENTS…` with its output collected in files.
    static func start(_ arguments: [String], environment: [String: String] = [:], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let name = UUID().uuidString
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(".out-\(name)").path, contents: nil)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(".err-\(name)").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent(".out-\(name)"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent(".err-\(name)"))
        try process.run()
        return process
    }

    /// Runs `tally ARGUMENTS…` to the end and returns its exit status and standard error.
    static func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension CommandLineTool {
    /// Runs `tally ARGUMENTS…` (or another `executable`) to the end and returns its exit status, standard output and standard error.
    static func output(_ arguments: [String], executable: URL = CommandLineTool.executable, environment: [String: String] = [:], in folder: URL) throws
        -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tally-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: scratch.path + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: scratch.path + ".out")
            try? FileManager.default.removeItem(atPath: scratch.path + ".err")
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let out = try String(contentsOfFile: scratch.path + ".out", encoding: .utf8)
        let err = try String(contentsOfFile: scratch.path + ".err", encoding: .utf8)
        return (process.terminationStatus, out, err)
    }
}
