import Foundation
import Testing
@testable import Tally

@Suite("Requests to web APIs: identified, bounded, polite, and never led astray", .serialized)
struct APIClientTests {
    private let ok = ScriptedHTTPServer.Answer.json(Data("[]".utf8))

    @Test("a 429 with Retry-After is waited out (told in a line, the wait injected) and asked again")
    func retryAfter() throws {
        let count = FetchReplay.Shared(0)
        let server = try ScriptedHTTPServer { [ok] _ in
            count.value += 1
            return count.value == 1 ? .json(Data(), status: 429, headers: ["Retry-After": "7"]) : ok
        }
        defer { server.stop() }
        let log = FetchReplay.WaitLog()
        let answer = try FetchReplay.client(waits: log).get(URL(string: server.base + "/a")!, namedHost: "127.0.0.1")
        #expect(answer.body == Data("[]".utf8))
        #expect(log.waits == [7])
        #expect(log.notices == [server.base + "/a: the server asks to wait (HTTP 429); waiting 7 seconds"])
        #expect(server.requests.count == 2)
    }

    @Test("a 429 asking for too long a wait, or again and again, fails with the URL and why")
    func tooManyRequests() throws {
        let long = try ScriptedHTTPServer { _ in .json(Data(), status: 429, headers: ["Retry-After": "86400"]) }
        defer { long.stop() }
        let log = FetchReplay.WaitLog()
        let error = #expect(throws: APIError.self) { try FetchReplay.client(waits: log).get(URL(string: long.base + "/a")!, namedHost: nil) }
        #expect(error?.description == long.base + "/a: the server answered HTTP 429 (too many requests) and asks to wait 86400 seconds, more than the 300 allowed; try again later")
        #expect(log.waits.isEmpty)
        let always = try ScriptedHTTPServer { _ in .json(Data(), status: 429, headers: ["Retry-After": "1"]) }
        defer { always.stop() }
        let again = #expect(throws: APIError.self) { try FetchReplay.client(waits: log).get(URL(string: always.base + "/b")!, namedHost: nil) }
        #expect(again?.description == always.base + "/b: the server answered HTTP 429 (too many requests; retry after 1)")
        #expect(log.waits == [1, 1] && always.requests.count == 3)
        #expect(APIClient.seconds("Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_470)) == 10)
    }

    @Test("a dropped connection is asked again; one that never answers times out")
    func droppedAndTimeout() throws {
        let count = FetchReplay.Shared(0)
        let server = try ScriptedHTTPServer { [ok] _ in
            count.value += 1
            return count.value == 1 ? .drop : ok
        }
        defer { server.stop() }
        let log = FetchReplay.WaitLog()
        #expect(try FetchReplay.client(waits: log).get(URL(string: server.base + "/a")!, namedHost: nil).body == Data("[]".utf8))
        #expect(server.requests.count == 2)
        #expect(log.notices.first?.contains("the connection dropped; asking again (1 of 2)") == true)
        let silent = try ScriptedHTTPServer { _ in .hang }
        defer { silent.stop() }
        let error = #expect(throws: APIError.self) { try FetchReplay.client(timeout: 0.5).get(URL(string: silent.base + "/slow")!, namedHost: nil) }
        #expect(error?.description == silent.base + "/slow: timed out: no complete answer within 0.5 seconds")
    }

    @Test("redirects to another scheme or to a private address are refused; one to the named host is followed")
    func redirects() throws {
        let server = try FetchReplay.server { [ok] base, request in
            switch request.path {
            case "/file": return .json(Data(), status: 302, headers: ["Location": "file:///etc/passwd"])
            case "/private": return .json(Data(), status: 302, headers: ["Location": "http://10.1.2.3/api"])
            case "/same": return .json(Data(), status: 301, headers: ["Location": base + "/target"])
            default: return ok
            }
        }
        defer { server.stop() }
        let client = FetchReplay.client()
        let file = #expect(throws: APIError.self) { try client.get(URL(string: server.base + "/file")!, namedHost: "127.0.0.1") }
        #expect(file?.description == server.base + "/file: the server redirects to file:///etc/passwd, which is not followed: only http and https addresses are followed")
        let near = #expect(throws: APIError.self) { try client.get(URL(string: server.base + "/private")!, namedHost: "127.0.0.1") }
        #expect(near?.description == server.base + "/private: the server redirects to http://10.1.2.3/api, which is not followed: it leads to 10.1.2.3 (a private, link-local or multicast address)")
        #expect(try client.get(URL(string: server.base + "/same")!, namedHost: "127.0.0.1").body == Data("[]".utf8))
        #expect(server.requests.last?.path == "/target")
    }

    @Test("a body over the cap is refused")
    func cap() throws {
        let server = try ScriptedHTTPServer { _ in .json(Data(repeating: 0x20, count: 5000)) }
        defer { server.stop() }
        let error = #expect(throws: APIError.self) { try FetchReplay.client(maximumBytes: 1000).get(URL(string: server.base + "/big")!, namedHost: nil) }
        #expect(error?.description.hasPrefix(server.base + "/big: the answer declares 5000 bytes, more than the") == true)
    }

    @Test("the next page is the Link header's rel=next, however its parts are spelled")
    func nextLink() {
        let url = URL(string: "https://example.social/api/v1/timelines/public")!
        let answer = DownloadedAnswer(body: Data(), headers: ["link": "<https://example.social/api/v1/timelines/public?max_id=5>; rel=\"next\", <https://example.social/api/v1/timelines/public?min_id=9>; rel=\"prev\""])
        #expect(answer.nextLink(from: url)?.absoluteString == "https://example.social/api/v1/timelines/public?max_id=5")
        let relative = DownloadedAnswer(body: Data(), headers: ["link": "</x?a=1,2>; REL=prev next"])
        #expect(relative.nextLink(from: url)?.absoluteString == "https://example.social/x?a=1,2")
        #expect(DownloadedAnswer(body: Data(), headers: ["link": "<https://a/b>; rel=\"prev\""]).nextLink(from: url) == nil)
    }
}
