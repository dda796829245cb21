import Foundation
import Testing
@testable import Tally

@Suite("Building a site")
struct SiteBuilderTests {
    /// A project with two of the sample's search pages in `content/` (neither imported), built
    /// with the repository's theme.
    private static func project() throws -> (TestProject, ProjectConfig) {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        try FileManager.default.createDirectory(at: project.folder.url.appendingPathComponent("content"), withIntermediateDirectories: true)
        for name in ["freebandnames-page1.json", "freebandnames-page2.json"] {
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: project.folder.url.appendingPathComponent("content/" + name))
        }
        var config = project.config
        config.templates = Fixture.repository.appendingPathComponent("templates").path
        return (project, config)
    }

    @Test("a build holds its site before it reads anything of the previous build, and lets go when it ends",
          .timeLimit(.minutes(1)))
    func holdsTheSite() throws {
        let (project, config) = try Self.project()
        let site = project.folder.url.appendingPathComponent("public")
        // A full build, then an update: each holds the folder from its start to its end.
        try project.importFiles(["content/freebandnames-page1.json"])
        for (index, expected) in ["write", "update"].enumerated() {
            if index == 1 { try project.importFiles(["content/freebandnames-page2.json"]) }
            let output = NotingOutput(SiteWriter(output: site), folder: project.folder)
            var builder = SiteBuilder(project: config)
            builder.builtAt = 1_700_000_000
            builder.output = output
            try builder.build()
            let steps = output.steps
            #expect(steps.first == "held", "\(steps)")
            // Every step after it found the folder locked against anyone else.
            #expect(steps.count > 2 && steps.dropFirst().allSatisfy { $0.hasSuffix(" (held)") }, "\(steps)")
            #expect(steps.contains(expected + " (held)") && (index == 0 || steps.contains("previousStates (held)")), "\(steps)")
            #expect(!project.folder.isLocked(), "let go as the build ended")
        }
    }

    @Test("a build of the project's own folder holds it while its steps run, and lets go when it ends, failed or not",
          .timeLimit(.minutes(1)))
    func holdsTheProjectSite() throws {
        var (project, config) = try Self.project()
        try project.importFiles(["content/freebandnames-page1.json"])
        // Each step's line comes while the build runs (the first ones once the count is known).
        let held = Probe()
        var builder = SiteBuilder(project: config, log: { _ in held.add(project.folder.isLocked()) })
        builder.builtAt = 1_700_000_000
        try builder.build()
        #expect(held.values.count > 5 && held.values.allSatisfy { $0 }, "\(held.values)")
        #expect(!project.folder.isLocked())
        // A build that fails (a template that does not parse) lets go too.
        try project.folder.write(["broken/layout.html": "{{#body}}"])
        config.templates = project.folder.url.appendingPathComponent("broken").path
        builder.project = config
        #expect(throws: (any Error).self) { try builder.build() }
        #expect(!project.folder.isLocked())
    }
}

/// What a build's log saw, as it ran.
private final class Probe: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Bool] = []
    func add(_ value: Bool) { lock.withLock { seen.append(value) } }
    var values: [Bool] { lock.withLock { seen } }
}

/// The site's writer, noting each step a build asks of it in order, and whether another process
/// could have taken the site's folder meanwhile.
private final class NotingOutput: SiteOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var writer: any SiteOutput
    private let folder: TemporaryFolder
    private var noted: [String] = []

    init(_ writer: SiteWriter, folder: TemporaryFolder) {
        self.writer = writer
        self.folder = folder
    }

    var steps: [String] { lock.withLock { noted } }

    private func note(_ step: String) -> any SiteOutput {
        let locked = folder.isLocked()
        return lock.withLock {
            noted.append(locked ? step + " (held)" : step)
            return writer
        }
    }

    func letGo() { lock.withLock { writer }.letGo() }

    func held() throws -> any SiteOutput {
        let held = try lock.withLock { noted.append("held"); return try writer.held() }
        lock.withLock { writer = held }
        return self
    }

    func write(fingerprint: String?, record: @autoclosure () -> BuildRecord?, _ produce: ((OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        try note("write").write(fingerprint: fingerprint, record: record(), produce)
    }

    func refresh(fingerprint: String, _ files: [OutputFile]) throws -> WriteReport? {
        try note("refresh").refresh(fingerprint: fingerprint, files)
    }

    func previousStates(global: String) -> [String: [UInt8]]? { note("previousStates").previousStates(global: global) }
    func previousPaths(sections: Set<String>) throws -> [String] { try note("previousPaths").previousPaths(sections: sections) }
    func previousFile(_ path: String) -> [UInt8]? { note("previousFile").previousFile(path) }
    var shelfPlace: (folder: URL, site: String)? { note("shelfPlace").shelfPlace }

    func update(fingerprint: String, record: @escaping @Sendable @autoclosure () -> BuildRecord, keeping: @autoclosure () -> Set<String>,
                _ produce: ((OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        try note("update").update(fingerprint: fingerprint, record: record(), keeping: keeping(), produce)
    }
}
