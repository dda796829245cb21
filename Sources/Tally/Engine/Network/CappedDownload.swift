import Foundation
#if !NO_DOWNLOADS
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
#endif

/// Downloads one http(s) URL into memory, never holding more than `maximumBytes` of its body
/// (counted after any `Content-Encoding` is undone) and never waiting longer than `timeout`.
///
/// The body is read as it arrives and only as fast as it is taken: an answer that declares a
/// larger `Content-Length` is dropped at its headers, and one whose bytes (decompressed as they
/// come) pass the cap is dropped at that moment, its connection closed, so a compressed bomb or an
/// endless body costs at most about the cap. The timeout is one deadline for connecting and
/// reading together, kept here; a transport's own timers restart with each packet.
struct CappedDownload: Sendable {
    var maximumBytes: Int
    var timeout: TimeInterval
    /// The `Accept` header to send, if any.
    var accept: String?
    /// Whether a redirect may not lead to this machine or a private network (a download that data
    /// asked for), unless the URL asked for is itself on this machine (a local test server).
    /// Redirects lead only to `http` and `https` in any case, at most `maximumRedirects` of them.
    var refusesPrivateRedirects = false
    /// With `refusesPrivateRedirects`, the one host a redirect may still reach though it is not
    /// public: the server the user named (a self-hosted or local one), and only that host.
    var namedHost: String?
    /// More request headers (`User-Agent`, `Authorization`); never part of any message.
    var headers: [String: String] = [:]
    /// A body to send with `POST` instead of a `GET` (a login); never part of any message. Its
    /// answer's redirects are not followed.
    var postBody: Data?
    static let maximumRedirects = 5

    init(maximumBytes: Int, timeout: TimeInterval, accept: String? = nil, refusesPrivateRedirects: Bool = false) {
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        self.accept = accept
        self.refusesPrivateRedirects = refusesPrivateRedirects
    }

    /// The body of a 2xx answer; any other outcome is a `DownloadError`.
    ///
    /// Blocks the calling thread; the transfer runs on SwiftNIO's event loops, never on Swift's
    /// concurrency pool, which a blocked caller could starve.
    func fetch(_ url: URL) throws -> Data {
        try fetchAnswer(url).body
    }

    /// The body of a 2xx answer with the answer's headers (names in lower case); any other
    /// outcome is a `DownloadError`.
    func fetchAnswer(_ url: URL) throws -> DownloadedAnswer {
        #if NO_DOWNLOADS
        throw DownloadError.failed("this build of tally does not download")
        #else
        var configuration = HTTPClient.Configuration()
        // Decompressed as it arrives; the limit stops a bomb inside a single read.
        configuration.decompression = .enabled(limit: .size(maximumBytes))
        // One request from a command: offline should say so at once, not after retries until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        // Redirects are followed below, each target checked before it is asked.
        configuration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        // Not waited for: after a timeout the cancelled request may still be closing.
        defer { client.shutdown { _ in } }
        // One deadline for the whole chain of redirects.
        let deadline = DispatchTime.now() + timeout
        let mayReachPrivate = !refusesPrivateRedirects || (namedHost == nil && url.host.map { PrivateAddresses.isLoopback($0) } == true)
        var current = url
        for _ in 0...Self.maximumRedirects {
            switch try fetchOnce(current, client: client, deadline: deadline) {
            case .body(let answer):
                return answer
            case .redirect(let location):
                if postBody != nil { throw DownloadError.refusedRedirect(location: location, reason: "a login is never redirected") }
                current = try redirectTarget(location, from: current, mayReachPrivate: mayReachPrivate, trusting: namedHost)
            }
        }
        throw DownloadError.failed("more than \(Self.maximumRedirects) redirects from \(url.absoluteString)")
        #endif
    }

    #if !NO_DOWNLOADS
    /// What one request brought: a body, or where a redirect sends it.
    private enum Answer {
        case body(DownloadedAnswer)
        case redirect(String)
    }

    private func fetchOnce(_ url: URL, client: HTTPClient, deadline: DispatchTime) throws -> Answer {
        let request: HTTPClient.Request
        do {
            var fields = HTTPHeaders(headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            if let accept { fields.replaceOrAdd(name: "Accept", value: accept) }
            // An empty body is a call with no input (a token refresh), which declares no type.
            if postBody?.isEmpty == false { fields.replaceOrAdd(name: "Content-Type", value: "application/json") }
            request = try HTTPClient.Request(url: url.absoluteString, method: postBody == nil ? .GET : .POST, headers: fields,
                                             body: postBody.map { .byteBuffer(ByteBuffer(bytes: $0)) })
        } catch {
            throw DownloadError.failed("\(url.absoluteString) is not a URL to download (\(error))")
        }
        let left = deadline.uptimeNanoseconds > DispatchTime.now().uptimeNanoseconds ? deadline.uptimeNanoseconds - DispatchTime.now().uptimeNanoseconds : 0
        let collector = Collector(maximumBytes: maximumBytes)
        let task = client.execute(request: request, delegate: collector, deadline: .now() + .nanoseconds(Int64(clamping: left)))
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        task.futureResult.whenComplete { result in
            outcome.set(result)
            done.signal()
        }
        if done.wait(timeout: deadline) == .timedOut {
            task.cancel()
            throw DownloadError.timedOut(seconds: timeout)
        }
        do {
            return .body(try outcome.get())
        } catch let redirect as Collector.Redirected {
            return .redirect(redirect.location)
        } catch {
            throw describe(error)
        }
    }
    #endif

    /// Where a redirect's `Location` leads, if it may be followed: `http` or `https`, and, when
    /// private targets are refused, a host whose every address is public.
    func redirectTarget(_ location: String, from url: URL, mayReachPrivate: Bool, trusting trusted: String? = nil) throws -> URL {
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = target.host, !host.isEmpty else {
            throw DownloadError.refusedRedirect(location: location, reason: "only http and https addresses are followed")
        }
        if !mayReachPrivate, host.lowercased() != trusted?.lowercased(), let address = PrivateAddresses.firstNonGlobal(host) {
            throw DownloadError.refusedRedirect(location: location, reason: "it leads to \(address)")
        }
        return target
    }

    #if !NO_DOWNLOADS
    /// Takes the answer part by part as SwiftNIO reads it (the next read waits for this one), and
    /// fails the request, which closes its connection, at the first sign of too much.
    private final class Collector: HTTPClientResponseDelegate, @unchecked Sendable {
        typealias Response = DownloadedAnswer
        let maximumBytes: Int
        // Touched only on the request's event loop, one call at a time.
        private var body = ByteBuffer()
        private var headers: [String: String] = [:]

        /// A redirect, which `fetch` follows or refuses; its body is not read.
        struct Redirected: Error {
            var location: String
        }

        init(maximumBytes: Int) {
            self.maximumBytes = maximumBytes
        }

        func didReceiveHead(task: HTTPClient.Task<DownloadedAnswer>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            if (300..<400).contains(Int(head.status.code)), let location = head.headers.first(name: "Location") {
                return task.eventLoop.makeFailedFuture(Redirected(location: location))
            }
            if head.status.code == 429 {
                // The X API sends no Retry-After, only when its window resets (seconds since 1970).
                let reset = head.headers.first(name: "x-rate-limit-reset").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
                    .map { String(max(0, $0 - Int64(Date().timeIntervalSince1970))) }
                return task.eventLoop.makeFailedFuture(DownloadError.tooManyRequests(retryAfter: head.headers.first(name: "Retry-After") ?? reset))
            }
            for (name, value) in head.headers { headers[name.lowercased()] = headers[name.lowercased()].map { $0 + ", " + value } ?? value }
            guard (200..<300).contains(Int(head.status.code)) else {
                return task.eventLoop.makeFailedFuture(DownloadError.status(Int(head.status.code)))
            }
            // The declared length is of the bytes on the wire; compressed ones only grow.
            if let declared = head.headers.first(name: "Content-Length").flatMap({ Int64($0) }), declared > Int64(maximumBytes) {
                return task.eventLoop.makeFailedFuture(DownloadError.tooLarge(limit: maximumBytes, declared: declared))
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<DownloadedAnswer>, _ part: ByteBuffer) -> EventLoopFuture<Void> {
            guard body.readableBytes + part.readableBytes <= maximumBytes else {
                body = ByteBuffer()
                return task.eventLoop.makeFailedFuture(DownloadError.tooLarge(limit: maximumBytes, declared: nil))
            }
            body.writeImmutableBuffer(part)
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didFinishRequest(task: HTTPClient.Task<DownloadedAnswer>) throws -> DownloadedAnswer {
            DownloadedAnswer(body: Data(body.readableBytesView), headers: headers)
        }
    }

    /// The transport's errors in words a user can act on.
    private func describe(_ error: Error) -> Error {
        switch error {
        case let error as DownloadError:
            return error
        case NIOHTTPDecompression.DecompressionError.limit:
            return DownloadError.tooLarge(limit: maximumBytes, declared: nil)
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            return DownloadError.connectionDropped
        case let error as HTTPClientError where [.deadlineExceeded, .readTimeout, .connectTimeout, .cancelled].contains(error):
            return DownloadError.timedOut(seconds: timeout)
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil { return DownloadError.cannotConnect("the host \(error.host) is not known") }
            return describe(error.connectionErrors.first?.error ?? DownloadError.cannotConnect("no address of \(error.host) answers"))
        case let error as IOError where error.errnoCode == ECONNRESET || error.errnoCode == EPIPE:
            return DownloadError.connectionDropped
        case let error as IOError:
            return DownloadError.cannotConnect(String(cString: strerror(error.errnoCode)))
        case is SocketAddressError:
            return DownloadError.cannotConnect("the host name is not known")
        default:
            return DownloadError.failed(String(describing: error))
        }
    }

    /// The result, handed from the event loop to the waiting thread.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result<DownloadedAnswer, Error> = .failure(DownloadError.failed("no answer"))
        func set(_ result: Result<DownloadedAnswer, Error>) { lock.withLock { value = result } }
        func get() throws -> DownloadedAnswer { try lock.withLock { try value.get() } }
    }
    #endif
}

/// A download did not bring a body; each case says what a user can check.
enum DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No complete answer within the time asked.
    case timedOut(seconds: TimeInterval)
    case cannotConnect(String)
    /// The connection closed before a whole answer came; asking again may work.
    case connectionDropped
    /// HTTP 429, with the `Retry-After` it gave, if any.
    case tooManyRequests(retryAfter: String?)
    /// The server answered with a status other than 2xx.
    case status(Int)
    /// The body (declared, or as received so far) is larger than the cap.
    case tooLarge(limit: Int, declared: Int64?)
    /// A redirect that is not followed, and why.
    case refusedRedirect(location: String, reason: String)
    case failed(String)

    var description: String {
        switch self {
        case .timedOut(let seconds): "timed out: no complete answer within \(Self.duration(seconds))"
        case .cannotConnect(let reason): "cannot connect (\(reason)); are you offline?"
        case .connectionDropped: "the connection closed before the whole answer came"
        case .tooManyRequests(let after?): "the server answered HTTP 429 (too many requests; retry after \(after))"
        case .tooManyRequests(nil): "the server answered HTTP 429 (too many requests)"
        case .status(let status): "the server answered HTTP \(status)"
        case .tooLarge(let limit, let declared?): "the answer declares \(declared) bytes, more than the \(ByteCount.format(Int64(limit))) allowed"
        case .tooLarge(let limit, nil): "the answer is larger than the \(ByteCount.format(Int64(limit))) allowed; stopped reading it"
        case .refusedRedirect(let location, let reason): "the server redirects to \(location), which is not followed: \(reason)"
        case .failed(let reason): "download failed: \(reason)"
        }
    }

    private static func duration(_ seconds: TimeInterval) -> String {
        if seconds == 1 { return "1 second" }
        return (seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) + " seconds"
    }
}
