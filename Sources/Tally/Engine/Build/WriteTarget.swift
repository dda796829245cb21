import Foundation

/// The output's writer, held for the render stage only while the build's `write` runs: cleared
/// before it returns, so the non-escaping writer never outlives it.
final class WriteTarget: @unchecked Sendable {
    private var write: ((OutputFile) throws -> Void)?

    init(_ write: @escaping (OutputFile) throws -> Void) { self.write = write }

    func write(_ file: OutputFile) throws { try write?(file) }

    func clear() { write = nil }
}
