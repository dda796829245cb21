import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.0 server on 127.0.0.1 for tests: answers each path from a table, one connection
/// at a time, on its own thread. With `silent`, it accepts connections and never answers (a
/// server that hangs, for timeouts).
final class LocalHTTPServer: @unchecked Sendable {
    struct Response: Sendable {
        var status: Int
        var body: Data
        /// More header lines (`Location` for a redirect).
        var headers: [String: String] = [:]
    }

    let port: UInt16
    private let socketFD: Int32
    private let routes: [String: Response]
    private let silent: Bool
    private let stopped = NSLock()
    private var isStopped = false
    private var held: [Int32] = []
    /// Signalled when the serving thread no longer touches the listening socket.
    private let served = DispatchSemaphore(value: 0)

    init(routes: [String: Response] = [:], silent: Bool = false) throws {
        self.routes = routes
        self.silent = silent
        (socketFD, port) = try LoopbackListener.open()
        let thread = Thread { [self] in
            serve()
            served.signal()
        }
        thread.start()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops serving; the listening socket is closed only once the serving thread has left
    /// `accept` (as `ScriptedHTTPServer.stop` says why).
    func stop() {
        guard !stopped.withLock({ defer { isStopped = true }; return isStopped }) else { return }
        shutdown(socketFD, Int32(SHUT_RDWR))
        if served.wait(timeout: .now() + 10) == .success { close(socketFD) }
        for fd in stopped.withLock({ held }) { close(fd) }
    }

    deinit { stop() }

    private func serve() {
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            if stopped.withLock({ isStopped }) { close(client); return }
            if silent { stopped.withLock { held.append(client) }; continue }
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.containsHeaderEnd {
                let count = read(client, &buffer, buffer.count)
                if count <= 0 { break }
                request += buffer[0..<count]
            }
            let line = String(decoding: request.prefix { $0 != 10 }, as: UTF8.self)
            let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            let response = routes[path] ?? Response(status: 404, body: Data("not found".utf8))
            var head = "HTTP/1.0 \(response.status) \(response.status == 200 ? "OK" : "Error")\r\n"
            head += "Content-Type: application/json\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
            head += response.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
            let bytes = [UInt8](head.utf8) + [UInt8](response.body)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                sent += count
            }
            close(client)
        }
    }
}

private extension [UInt8] {
    var containsHeaderEnd: Bool {
        count >= 4 && (0...(count - 4)).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}
