import Foundation
import Testing
@testable import Tally

/// The favorites' image cache against answers built to fill memory and redirects built to reach
/// the user's own machines. An image answer past the 64 MiB cap stops while it is read, so a
/// `tally build`'s peak memory stays far below the answer's size: the bound is generous (a debug
/// build's footprint, the render, and the cap twice over); the answers are 512 MiB or endless.
/// The peak is the `tally` process's own, from `build --verbose`'s per-step VmHWM.
@Suite("Image cache limits", .serialized)
struct ImageCacheLimitsTests {
    static let peakBoundMiB = 300.0

    @Test("a favorite's image answer that is a gzip bomb, endless or declares 1 TiB is refused while reading, and the build goes on with memory far below it",
          arguments: ["gzip", "endless", "declaring"])
    func greedy(kind: String) throws {
        let answer: GreedyHTTPServer.Answer = switch kind {
        case "gzip": .gzip(ChartFetchLimitsTests.bomb)
        case "endless": .endless
        default: .declaring(1 << 40)
        }
        let server = try GreedyHTTPServer(answer)
        defer { server.stop() }
        let project = try PhotoSiteTests.project(base: server.url(""))
        // Photo 2 has one image: one download, so the peak holds one capped body at most.
        try project.store.favorite(photo: "2")
        try project.folder.write(["tally.toml": "title = \"t\"\n"])
        let run = try CommandLineTool.output(["build", "--verbose"], in: project.folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("could not download \(server.url("/ok/2_q.jpg")) (larger than 64 MB); the page keeps the remote image"), "\(run.stderr)")
        let peaks = run.stdout.split(separator: "\n").compactMap { line -> Double? in
            guard let range = line.range(of: ", peak ") else { return nil }
            return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        let peak = try #require(peaks.max(), "\(run.stdout)")
        #expect(peak > 1 && peak < Self.peakBoundMiB, "peak \(peak) MiB")
    }

    @Test("a redirect is followed from a loopback image to a loopback image, and never to another scheme")
    func redirects() throws {
        let server = try LocalHTTPServer(routes: [
            "/moved.jpg": .init(status: 302, body: Data(), headers: ["Location": "/image.jpg"]),
            "/image.jpg": .init(status: 200, body: Data("image".utf8)),
            "/file.jpg": .init(status: 301, body: Data(), headers: ["Location": "file:///etc/passwd"]),
            "/ftp.jpg": .init(status: 307, body: Data(), headers: ["Location": "ftp://127.0.0.1/x.jpg"]),
        ])
        defer { server.stop() }
        let folder = TemporaryFolder()
        var cache = ImageCache(folder: folder.url)
        cache.concurrency = 1
        let moved = server.url("/moved.jpg"), file = server.url("/file.jpg"), ftp = server.url("/ftp.jpg")
        let result = try cache.update(keeping: [moved, file, ftp])
        #expect(result.downloaded == 1)
        #expect(try String(contentsOf: folder.url.appendingPathComponent(try #require(result.files[moved])), encoding: .utf8) == "image")
        #expect(result.warnings.count == 2)
        #expect(result.warnings.contains { $0.contains(file) && $0.contains("redirects to file:///etc/passwd, which is not followed: only http and https") })
        #expect(result.warnings.contains { $0.contains(ftp) && $0.contains("redirects to ftp://127.0.0.1/x.jpg, which is not followed") })
    }

    @Test("from a public image, a redirect to this machine or a private network is refused, one to a public address followed",
          arguments: [("http://127.0.0.1:8080/admin", "this machine"), ("http://localhost/", "this machine"), ("http://[::1]/", "this machine"),
                      ("http://10.0.0.1/", "private"), ("http://192.168.1.1/router.jpg", "private"), ("http://169.254.169.254/latest/meta-data", "private"),
                      ("http://[::ffff:192.168.0.1]/", "private"), ("http://[fd00::1]/", "private"), ("https://93.184.216.34/x.jpg", "")])
    func privateRedirects(location: String, refusal: String) throws {
        let download = CappedDownload(maximumBytes: 1 << 20, timeout: 1, refusesPrivateRedirects: true)
        let from = try #require(URL(string: "https://93.184.216.34/a.jpg"))
        if refusal.isEmpty {
            #expect(try download.redirectTarget(location, from: from, mayReachPrivate: false).absoluteString == location)
        } else {
            #expect { try download.redirectTarget(location, from: from, mayReachPrivate: false) } throws: {
                "\($0)".contains("redirects to \(location), which is not followed: it leads to") && "\($0)".contains(refusal)
            }
            #expect(try download.redirectTarget(location, from: from, mayReachPrivate: true).absoluteString == location)
        }
    }

    @Test("addresses are told apart: loopback, private and link-local, global")
    func reach() {
        #expect(PrivateAddresses.reach([127, 0, 0, 1]) == .loopback)
        #expect(PrivateAddresses.reach([172, 31, 255, 1]) == .local && PrivateAddresses.reach([172, 32, 0, 1]) == .global)
        #expect(PrivateAddresses.reach([100, 64, 0, 1]) == .local && PrivateAddresses.reach([100, 128, 0, 1]) == .global)
        #expect(PrivateAddresses.reach([8, 8, 8, 8]) == .global && PrivateAddresses.reach([0, 0, 0, 0]) == .local)
        #expect(PrivateAddresses.reach(Array(repeating: 0, count: 15) + [1]) == .loopback)
        #expect(PrivateAddresses.reach([0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 12)) == .global)
        #expect(PrivateAddresses.isLoopback("127.0.0.1") && !PrivateAddresses.isLoopback("10.0.0.1"))
    }
}
