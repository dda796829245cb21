import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 that answers every request with one hostile body, each
/// connection on its own thread, writing until the client goes away: for tests that a download
/// stops reading in time.
final class GreedyHTTPServer: @unchecked Sendable {
    enum Answer: Sendable {
        /// `Content-Encoding: gzip` with these (compressed) bytes.
        case gzip(Data)
        /// A chunked body that never ends.
        case endless
        /// `Content-Length` says this many bytes; the body then never ends.
        case declaring(Int64)
        /// Headers, then one byte of body at a time, forever, each after a short pause: never
        /// quiet long enough for a transport's idle timer.
        case trickle
    }

    let port: UInt16
    private let socketFD: Int32
    private let answer: Answer
    private let stopped = NSLock()
    private var isStopped = false
    /// Signalled when the accepting thread no longer touches the listening socket.
    private let accepted = DispatchSemaphore(value: 0)

    init(_ answer: Answer) throws {
        self.answer = answer
        (socketFD, port) = try LoopbackListener.open()
        Thread { [self] in
            acceptLoop()
            accepted.signal()
        }.start()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Once only: a second `close` could close whatever opened since under the same number. The
    /// listening socket is closed only once the accepting thread has left `accept` (as
    /// `ScriptedHTTPServer.stop` says why).
    func stop() {
        guard !stopped.withLock({ defer { isStopped = true }; return isStopped }) else { return }
        shutdown(socketFD, Int32(SHUT_RDWR))
        if accepted.wait(timeout: .now() + 10) == .success { close(socketFD) }
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            let answer = self.answer
            Thread { Self.serve(client, answer) }.start()
        }
    }

    private static func serve(_ client: Int32, _ answer: Answer) {
        defer { close(client) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { return }
            request += buffer[0..<count]
        }
        let block = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)
        switch answer {
        case .gzip(let body):
            _ = send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                     + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n")
            _ = send(client, [UInt8](body))
        case .endless:
            guard send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n") else { return }
            let chunk = Array(String(block.count, radix: 16).utf8) + [13, 10] + block + [13, 10]
            while send(client, chunk) {}
        case .declaring(let length):
            guard send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n") else { return }
            while send(client, block) {}
        case .trickle:
            guard send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n") else { return }
            while send(client, [UInt8(ascii: " ")]) { usleep(100_000) }
        }
    }

    /// Writes all of `bytes`; false once the client has gone.
    private static func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    private static func send(_ client: Int32, _ text: String) -> Bool { send(client, Array(text.utf8)) }
}
