import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.0 server on 127.0.0.1 for fetch tests: a closure answers each request (given its
/// path with query and its headers), and every request is kept for the test to read. An answer
/// may also drop the connection unanswered or hold it open (for timeouts).
final class ScriptedHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        /// Header names in lower case.
        var headers: [String: String]
        var body: Data
    }

    enum Answer: Sendable {
        case respond(status: Int, body: Data, headers: [String: String])
        case drop
        case hang
        /// A 200 whose `Content-Length` declares this many bytes, of which a few are sent.
        case declaring(Int)

        static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> Answer {
            .respond(status: status, body: body, headers: headers)
        }
    }

    let port: UInt16
    private let socketFD: Int32
    private let handler: @Sendable (Request) -> Answer
    private let lock = NSLock()
    private var isStopped = false
    private var held: [Int32] = []
    private var received: [Request] = []
    /// Signalled when the serving thread no longer touches the listening socket.
    private let served = DispatchSemaphore(value: 0)

    init(_ handler: @escaping @Sendable (Request) -> Answer) throws {
        self.handler = handler
        (socketFD, port) = try LoopbackListener.open()
        Thread { [self] in
            serve()
            served.signal()
        }.start()
    }

    var base: String { "http://127.0.0.1:\(port)" }
    var requests: [Request] { lock.withLock { received } }

    /// Stops serving. The listening socket is closed only once the serving thread has left
    /// `accept`: closed while it was about to call it again, its number could be given to the
    /// next test's server, whose first connection this thread would then take and close (a fetch
    /// test failed so, "I/O on closed channel", when the suite ran its cases one after another).
    func stop() {
        guard !lock.withLock({ defer { isStopped = true }; return isStopped }) else { return }
        // Wakes a thread waiting in `accept`, which then fails. A thread still reading a
        // request after 10 s keeps the socket: left open, its number is never anyone else's.
        shutdown(socketFD, Int32(SHUT_RDWR))
        if served.wait(timeout: .now() + 10) == .success { close(socketFD) }
        for fd in lock.withLock({ held }) { close(fd) }
    }

    deinit { stop() }

    private func serve() {
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            if lock.withLock({ isStopped }) { close(client); return }
            let request = Self.readRequest(client)
            lock.withLock { received.append(request) }
            switch handler(request) {
            case .drop:
                close(client)
            case .hang:
                lock.withLock { held.append(client) }
            case .declaring(let length):
                respond(client, status: 200, body: Data("[".utf8), length: length, extra: [:])
            case .respond(let status, let body, let extra):
                respond(client, status: status, body: body, length: body.count, extra: extra)
            }
        }
    }

    /// Writes an answer of `status` whose head declares `length` bytes, then closes.
    private func respond(_ client: Int32, status: Int, body: Data, length: Int, extra: [String: String]) {
        var head = "HTTP/1.0 \(status) \(status == 200 ? "OK" : "Status")\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        head += extra.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
        let out = [UInt8](head.utf8) + [UInt8](body)
        var sent = 0
        while sent < out.count {
            let count = out[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            sent += count
        }
        close(client)
    }

    /// The request on `client`: its line, headers and a body of its `Content-Length`.
    private static func readRequest(_ client: Int32) -> Request {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var end: Int? = nil
        while end == nil {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            end = headerEnd(bytes)
        }
        let headEnd: Int = end ?? bytes.count
        let lines: [String] = String(decoding: bytes[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let words: [String] = (lines.first ?? "").split(separator: " ").map(String.init)
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value: String = String(line[line.index(after: colon)...]).trimmingCharacters(in: CharacterSet.whitespaces)
            headers[line[..<colon].lowercased()] = value
        }
        var body: [UInt8] = Array(bytes[headEnd...])
        let length: Int = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { break }
            body.append(contentsOf: buffer[0..<count])
        }
        return Request(method: words.first ?? "GET", path: words.count > 1 ? words[1] : "/", headers: headers, body: Data(body))
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
