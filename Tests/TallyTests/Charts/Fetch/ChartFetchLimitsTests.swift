import Foundation
import Testing
@testable import Tally

/// `tally fetch charts` against answers built to fill memory: each stops at the 32 MiB cap (or
/// at the declared length) while reading, so the process's peak memory stays far below the
/// answer's size. The bound is generous (a debug build's own footprint plus twice the cap);
/// the answers are 512 MiB or endless. The peak is the `tally` process's own (`--verbose`
/// prints its VmHWM): a child's `ru_maxrss` would include this test process's memory, which a
/// spawned child shares until it runs `exec`.
@Suite("tally fetch charts stops reading at its cap", .serialized)
struct ChartFetchLimitsTests {
    /// Generous: what a debug `tally` needs to start, plus the cap twice over.
    static let peakBoundMiB = 200.0

    /// 512 MiB of zeros, gzip-compressed (about 500 KB).
    static let bomb: Data = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c 536870912 /dev/zero | gzip -c"]
        let output = Pipe()
        process.standardOutput = output
        try? process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }()

    @Test("a gzip bomb, an endless body and a 1 TiB Content-Length are refused while reading, with memory far below their size",
          arguments: ["gzip", "endless", "declaring"])
    func greedy(kind: String) throws {
        let answer: GreedyHTTPServer.Answer
        let expected: String
        switch kind {
        case "gzip":
            #expect(Self.bomb.count > 100_000 && Self.bomb.count < 4 << 20)
            answer = .gzip(Self.bomb)
            expected = "larger than the 33.6 MB allowed; stopped reading it"
        case "endless":
            answer = .endless
            expected = "larger than the 33.6 MB allowed; stopped reading it"
        default:
            answer = .declaring(1 << 40)
            expected = "declares 1099511627776 bytes, more than the 33.6 MB allowed"
        }
        let server = try GreedyHTTPServer(answer)
        defer { server.stop() }
        let project = TestProject()
        _ = try project.store
        let run = try CommandLineTool.output(["fetch", "charts", "--verbose", "--store", project.config.storeURL.path, "--timeout", "120",
                                              server.url("/feed.json")], in: project.folder.url)
        #expect(run.status != 0)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.stderr.contains("(nothing was imported)"))
        // The process's own high-water mark (VmHWM), which `--verbose` prints as it ends.
        let peak = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix("peak memory: ") }
            .flatMap { Double($0.dropFirst("peak memory: ".count).dropLast(" MiB".count)) }, "\(run.stderr)")
        #expect(peak > 1 && peak < Self.peakBoundMiB, "peak \(peak) MiB")
    }

    @Test("a body that trickles one byte at a time still ends at the timeout asked, which the error names")
    func trickle() throws {
        let server = try GreedyHTTPServer(.trickle)
        defer { server.stop() }
        let project = TestProject()
        let error = try #require(throws: ChartFetchError.self) {
            try ChartFetcher(feeds: [server.url("/feed.json")], timeout: 1).fetch(into: try project.store)
        }
        #expect(error.description == server.url("/feed.json") + ": timed out: no complete answer within 1 second")
    }

    @Test("the download helper keeps a body at the cap exactly and refuses one byte more")
    func exactCap() throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 1000)
        let server = try LocalHTTPServer(routes: ["/a": .init(status: 200, body: body)])
        defer { server.stop() }
        let url = try #require(URL(string: server.url("/a")))
        #expect(try CappedDownload(maximumBytes: 1000, timeout: 10).fetch(url) == body)
        #expect(throws: DownloadError.tooLarge(limit: 999, declared: 1000)) { try CappedDownload(maximumBytes: 999, timeout: 10).fetch(url) }
    }
}
