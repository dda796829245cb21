import Foundation
import Testing
@testable import Tally

/// The favorites' image cache against a local HTTP server started by the test.
@Suite("Image cache", .serialized)
struct ImageCacheTests {
    @Test("downloads once, removes what is no longer wanted, keeps going after a failure")
    func cache() throws {
        let server = try ImageHTTPServer()
        defer { server.stop() }
        let folder = TemporaryFolder()
        var cache = ImageCache(folder: folder.url.appendingPathComponent(".tally/cache/images"))
        cache.timeout = 1
        let a = server.url("/ok/a.jpg"), b = server.url("/ok/b.png"), broken = server.url("/fail/c.jpg"), slow = server.url("/slow/d.jpg")
        let first = try cache.update(keeping: [a, b, broken, slow])
        #expect(first.downloaded == 2)
        #expect(Set(first.files.keys) == [a, b])
        #expect(first.warnings.count == 2)
        #expect(first.warnings.contains { $0.contains(broken) && $0.contains("HTTP 500") })
        #expect(first.warnings.contains { $0.contains(slow) && $0.contains("timed out") })
        let copy = cache.folder.appendingPathComponent(try #require(first.files[a]))
        #expect(try String(contentsOf: copy, encoding: .utf8) == "image a.jpg")
        #expect(first.files[b]?.hasSuffix(".png") == true)

        // Once: a second update downloads nothing; b is no longer wanted and leaves the cache.
        try Data("not ours".utf8).write(to: cache.folder.appendingPathComponent("README"))
        let second = try cache.update(keeping: [a])
        #expect(second.downloaded == 0 && second.removed == 1 && second.warnings.isEmpty)
        #expect(second.files == [a: first.files[a]!])
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path).sorted()
        #expect(left == [first.files[a]!, "README"].sorted())
    }

    @Test("downloads run concurrently up to the limit")
    func concurrent() throws {
        let server = try ImageHTTPServer()
        defer { server.stop() }
        // The server answers these only once four are in at once: one by one, each would fail.
        let folder = TemporaryFolder()
        var cache = ImageCache(folder: folder.url)
        cache.timeout = 30
        cache.concurrency = 4
        let together = try cache.update(keeping: (1...4).map { server.url("/together/4/\($0).jpg") })
        #expect(together.downloaded == 4 && together.warnings.isEmpty, "\(together.warnings)")

        // Two at a time, from a new server: every pair gets through, and it never has more than two in.
        let second = try ImageHTTPServer()
        defer { second.stop() }
        let limited = TemporaryFolder()
        var pairs = ImageCache(folder: limited.url)
        pairs.timeout = 30
        pairs.concurrency = 2
        let byTwo = try pairs.update(keeping: (1...4).map { second.url("/together/2/\($0).jpg") })
        #expect(byTwo.downloaded == 4 && byTwo.warnings.isEmpty, "\(byTwo.warnings)")
        for (url, name) in byTwo.files {
            let body = try String(contentsOf: pairs.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(body.hasSuffix(", at most 2 at once"), "\(url): \(body)")
        }
    }

    @Test("file names are stable, 128-bit keys with the URL's image extension")
    func names() {
        let name = ImageCache.fileName(for: "https://live.staticflickr.com/1/2_3_q.jpg")
        #expect(name == ImageCache.fileName(for: "https://live.staticflickr.com/1/2_3_q.jpg"))
        #expect(name.hasSuffix(".jpg") && name.count == 36 && ImageCache.isCacheFile(name))
        #expect(ImageCache.fileName(for: "https://x/y.php?a=b").hasSuffix(".jpg"))
        #expect(name != ImageCache.fileName(for: "https://live.staticflickr.com/1/2_3_z.jpg"))
    }
}
