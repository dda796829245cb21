import Foundation

/// Paths collected by the render stage, read by the planner once the stage has drained.
final class PathList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ path: String) { lock.withLock { list.append(path) } }

    var paths: [String] { lock.withLock { list } }
}
