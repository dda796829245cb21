import Foundation

/// The output's writer, held for the render stage only while the build's `write` runs: cleared
/// before it returns, so the non-escaping writer never outlives it. Files are written under the
/// build step's key (`section`), set by the stage as it reaches each step's work, unless they
/// name their own (the search's record files, kept per block).
final class WriteTarget: @unchecked Sendable {
    private var write: ((OutputFile) throws -> Void)?
    /// The key of the build step whose files are being written (`OutputFile.section`).
    var section = ""

    init(_ write: @escaping (OutputFile) throws -> Void) { self.write = write }

    func write(_ file: OutputFile) throws {
        var file = file
        if file.section.isEmpty { file.section = section }
        try write?(file)
    }

    func clear() { write = nil }
}
