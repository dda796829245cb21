import Foundation

/// Asks a web API for one page at a time, politely and within bounds: each request identifies
/// Tally, has a deadline and a body cap, waits as a `429`'s `Retry-After` asks (up to
/// `maximumWait`, saying so), asks again after a dropped connection, and follows a redirect only
/// to http(s) and to a public address or the host the user named.
public struct APIClient: Sendable {
    /// Seconds for each request, connecting and reading together.
    public var timeout: TimeInterval
    public var maximumBytes: Int
    /// The longest a `Retry-After` may ask to wait; longer, and the request fails.
    public var maximumWait: TimeInterval
    /// How many times a request is asked again after its connection dropped, or after a 429.
    public var retries: Int
    /// Waits the seconds given; tests count the waits instead of sleeping.
    public var wait: @Sendable (TimeInterval) -> Void
    /// Told each wait, in a line for the user.
    public var notice: @Sendable (String) -> Void

    public init(timeout: TimeInterval = 30, maximumBytes: Int = 16 << 20, maximumWait: TimeInterval = 300, retries: Int = 2,
                wait: @escaping @Sendable (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) },
                notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumWait = maximumWait
        self.retries = retries
        self.wait = wait
        self.notice = notice
    }

    /// The answer to `GET url` with `headers` sent besides `User-Agent` and `Accept`. `namedHost`
    /// is the host the user named (which a redirect may reach even when it is not public).
    /// Errors are `APIError`s naming the URL; no header's value appears in one.
    /// `hiding` names query parameters that carry a key (`api_key`): they are sent but left out
    /// of every error and notice, and their values are blotted from any other text of one.
    public func get(_ url: URL, headers: [String: String] = [:], namedHost: String?, hiding: [String] = []) throws -> DownloadedAnswer {
        try send(url, headers: headers, body: nil, namedHost: namedHost, hiding: hiding)
    }

    /// The answer to `POST url` with the JSON `body` (a login; empty: none) and `headers`; neither
    /// ever appears in an error.
    public func post(_ url: URL, json body: Data, headers: [String: String] = [:], namedHost: String?) throws -> DownloadedAnswer {
        try send(url, headers: headers, body: body, namedHost: namedHost, hiding: [])
    }

    private func send(_ url: URL, headers: [String: String], body: Data?, namedHost: String?, hiding: [String]) throws -> DownloadedAnswer {
        var download = CappedDownload(maximumBytes: maximumBytes, timeout: timeout, accept: "application/json", refusesPrivateRedirects: true)
        download.namedHost = namedHost
        download.postBody = body
        download.headers = headers.merging(["User-Agent": "tally/\(TallyVersion.current)"]) { mine, _ in mine }
        let shown = Self.shown(url, hiding: hiding)
        let secrets = (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
            .filter { hiding.contains($0.name) }.compactMap(\.value).filter { !$0.isEmpty } + headers.values.filter { !$0.isEmpty }
        let notice = { (line: String) in self.notice(Self.blot(line, secrets)) }
        var attempts = 0
        while true {
            do {
                return try download.fetchAnswer(url)
            } catch DownloadError.connectionDropped where attempts < retries {
                attempts += 1
                notice("\(shown): the connection dropped; asking again (\(attempts) of \(retries))")
            } catch DownloadError.tooManyRequests(let after) where attempts < retries {
                attempts += 1
                let seconds = Self.seconds(after) ?? 1
                guard seconds <= maximumWait else {
                    throw APIError(url: shown, reason: "the server answered HTTP 429 (too many requests) and asks to wait "
                                   + "\(Int(seconds.rounded(.up))) seconds, more than the \(Int(maximumWait)) allowed; try again later")
                }
                notice("\(shown): the server asks to wait (HTTP 429); waiting \(Int(seconds.rounded(.up))) seconds")
                wait(seconds)
            } catch let error as DownloadError {
                var failure = APIError(url: shown, reason: Self.blot(error.description, secrets))
                if case .status(let status) = error { failure.status = status }
                throw failure
            }
        }
    }

    /// `url` as errors show it: without the query parameters named in `hiding`.
    public static func shown(_ url: URL, hiding: [String]) -> String {
        guard !hiding.isEmpty, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false), let items = parts.queryItems else {
            return url.absoluteString
        }
        let kept = items.filter { !hiding.contains($0.name) }
        parts.queryItems = kept.isEmpty ? nil : kept
        parts.percentEncodedQuery = parts.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return parts.url?.absoluteString ?? url.absoluteString
    }

    /// `text` with every secret, as written or percent-encoded, replaced by `…`.
    private static func blot(_ text: String, _ secrets: [String]) -> String {
        var text = text
        for secret in secrets {
            text = text.replacingOccurrences(of: secret, with: "…")
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                text = text.replacingOccurrences(of: encoded, with: "…")
            }
        }
        return text
    }

    /// A `Retry-After` value in seconds from now: a number of seconds or an HTTP date.
    static func seconds(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0, seconds.isFinite { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// A request to a web API failed: which URL, and why, in one line.
public struct APIError: Error, Sendable, CustomStringConvertible {
    public var url: String
    public var reason: String
    /// The HTTP status the server answered, when that was the trouble.
    public var status: Int?

    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }

    /// `URL: reason`, or only the reason when no URL was reached (none was named).
    public var description: String { url.isEmpty ? reason.escapingControls() : "\(url.escapingControls()): \(reason.escapingControls())" }
}
