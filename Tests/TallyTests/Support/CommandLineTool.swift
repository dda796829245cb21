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
