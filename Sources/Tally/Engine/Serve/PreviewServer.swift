#if !NO_PREVIEW_SERVER
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `tally serve`: builds the site into a temporary folder, serves it on a local address, rebuilds
/// when the project changes, and tells open pages to reload. Stopping it (SIGINT, SIGTERM) removes
/// everything it made.
public struct PreviewServer: Sendable {
    public var project: ProjectConfig
    /// Reads the project's settings again for a rebuild (tally.toml may have changed), with the
    /// command line's choices applied; nil keeps the first settings.
    public var reload: (@Sendable () throws -> ProjectConfig)?
    public var host: String
    public var port: Int
    /// Receives what the server has to say: its address, each rebuild, build errors.
    public var log: @Sendable (String) -> Void
    /// How often the project is checked for changes: an edit waits up to this long to be noticed.
    /// A check only reads the size and time of each watched file, so checking often costs little.
    public var interval: Duration = .milliseconds(40)
    /// How long a connection may stay idle, a request included: one that never completes its
    /// headers is closed after this, so a slow or stuck client holds nothing for ever.
    public var idleTimeout: Duration = .seconds(15)

    public init(project: ProjectConfig, host: String = "127.0.0.1", port: Int = 8000,
                reload: (@Sendable () throws -> ProjectConfig)? = nil, log: @escaping @Sendable (String) -> Void) {
        self.project = project
        self.reload = reload
        self.host = host
        self.port = port
        self.log = log
    }

    /// Builds, serves until a signal asks it to stop, then cleans up.
    public func run() async throws {
        // A killed preview (SIGKILL) could not remove its folder; the next one does.
        Leftovers.removeStaleScratch(prefix: "tally-serve-")
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tally-serve-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var config = project
        config.output = scratch.appendingPathComponent("site").path
        let site = config.output
        let first = config
        let reload = self.reload
        // Each rebuild reads tally.toml again (a new title, base URL or theme folder is picked up),
        // keeping the command line's own choices and the temporary output.
        let build: @Sendable (_ again: Bool) throws -> (BuildReport, ProjectConfig) = { again in
            var served = first
            if again, let reload {
                served = try reload()
                served.output = site
            }
            var builder = SiteBuilder(project: served)
            builder.notFoundRoot = "/"
            return (try builder.build(), served)
        }
        let state = PreviewState()
        let watcher = ProjectWatcher(project: project)

        // Ctrl-C during the first build (before the server's own signal handling starts) still
        // removes the temporary folder.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let early = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                try? FileManager.default.removeItem(at: scratch)
                // At once: `exit` would wait on the build's threads, which could write again meanwhile.
                _exit(130)
            }
            source.resume()
            return source
        }
        let firstReport: BuildReport
        do {
            firstReport = try build(false).0
        } catch {
            early.forEach { $0.cancel() }
            throw error
        }
        early.forEach { $0.cancel() }
        // Taken after the build, which itself touches the store's files.
        let baseline = watcher.fingerprint()
        log(firstReport.description.replacingOccurrences(of: " into \(config.outputURL.path)", with: ""))
        state.markBuilt()

        // A held request for the build number must be answered before its connection counts as idle.
        let hold = min(.seconds(PreviewReload.holdSeconds), idleTimeout / 2)
        let responder = PreviewResponder(root: config.outputURL.path, state: state, host: host, hold: hold)
        let log = self.log
        var quiet = Logger(label: "tally.serve")
        quiet.logLevel = .critical
        let (seconds, attoseconds) = idleTimeout.components
        let idle = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: idle)),
            configuration: .init(address: .hostname(host, port: port), serverName: "tally"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                state.port = bound
                log("Serving on http://\(self.host):\(bound)/ — edit content/, templates/ or tally.toml and open pages reload; Ctrl-C stops.")
            },
            logger: quiet
        )
        let interval = self.interval
        let watching = Task.detached {
            var known = baseline
            // The settings read again may name another theme folder or store: watch what they name.
            var watcher = watcher
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let now = watcher.fingerprint()
                guard now != known else { continue }
                let watched = watcher.paths
                known = now
                do {
                    let (report, served) = try build(true)
                    watcher = ProjectWatcher(project: served)
                    state.markBuilt()
                    log("Rebuilt: \(report.changed) files changed, \(report.removed) removed")
                } catch {
                    log("tally: \(error) (still serving the previous build)")
                }
                // Whatever the build itself touched (the store's files) is not a change to react
                // to; an edit saved while it ran is, at the next check.
                let after = watcher.fingerprint()
                // It watches other files now: they are taken as they are.
                guard watcher.paths == watched else {
                    known = after
                    continue
                }
                known = now.filter { !watcher.store.contains($0.key) }
                for path in watcher.store { known[path] = after[path] }
            }
        }
        defer { watching.cancel() }
        do {
            try await app.runService()
        } catch {
            watching.cancel()
            _ = await watching.result
            throw PreviewError(reason: "cannot serve on \(host):\(port): \(error)")
        }
        watching.cancel()
        _ = await watching.result
        log("Stopped.")
    }
}

/// The preview could not start.
public struct PreviewError: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// The number of the build being served; pages reload when it changes.
final class PreviewState: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    private var boundPort = 0

    var generation: Int { lock.withLock { value } }
    func markBuilt() { lock.withLock { value += 1 } }
    /// The port the server listens on, once it does.
    var port: Int {
        get { lock.withLock { boundPort } }
        set { lock.withLock { boundPort = newValue } }
    }
}

/// Answers requests from the built site's folder.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let root: String
    let state: PreviewState
    /// The `--host` value, for the `Host` headers accepted.
    let host: String
    /// How long a request for the build number that names the served build is held.
    let hold: Duration

    func respond(to request: Request, context: Context) async throws -> Response {
        guard PreviewHost(listening: host, port: state.port).accepts(request.head.authority) else {
            return text(.misdirectedRequest, "refused: the Host header does not name this server; open http://\(host):\(state.port)/\n")
        }
        guard request.method == .get || request.method == .head else {
            return text(.methodNotAllowed, "only GET and HEAD\n")
        }
        let path = request.uri.path
        if path == PreviewReload.scriptPath {
            return respond(.ok, type: "text/javascript; charset=utf-8", Array(PreviewReload.script.utf8), head: request.method == .head)
        }
        if path == PreviewReload.generationPath {
            // Held while the named build is still the one served (checked every 5 ms: a lock's
            // read, cheaper than waking waiters from the build), answered as soon as it is not.
            if let after = request.uri.queryParameters.get("after", as: Int.self) {
                let deadline = ContinuousClock.now + hold
                while state.generation == after, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
            return respond(.ok, type: "text/plain; charset=utf-8", Array("\(state.generation)".utf8), head: request.method == .head)
        }
        switch PreviewPath.resolve(path, in: root) {
        case .file(let file):
            return serve(file, status: .ok, head: request.method == .head)
        case .redirect(let location):
            return Response(status: .movedPermanently, headers: [.location: location, .cacheControl: "no-store"])
        case .notFound:
            let page = root + "/" + Routes.notFound
            if FileManager.default.fileExists(atPath: page) { return serve(page, status: .notFound, head: request.method == .head) }
            return text(.notFound, "not found\n")
        case .refused(let reason):
            return text(.badRequest, "refused: \(reason)\n")
        }
    }

    private func serve(_ file: String, status: HTTPResponse.Status, head: Bool) -> Response {
        guard var bytes = FileManager.default.contents(atPath: file).map([UInt8].init) else { return text(.notFound, "not found\n") }
        let type = PreviewPath.mediaType(file)
        if type.hasPrefix("text/html") {
            bytes = Array(PreviewReload.inject(into: String(decoding: bytes, as: UTF8.self), generation: state.generation).utf8)
        }
        return respond(status, type: type, bytes, head: head)
    }

    private func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        respond(status, type: "text/plain; charset=utf-8", Array(message.utf8), head: false)
    }

    private func respond(_ status: HTTPResponse.Status, type: String, _ bytes: [UInt8], head: Bool) -> Response {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store", .contentLength: "\(bytes.count)"]
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// Notices changes under `content/`, `templates/`, `tally.toml` and the store by polling sizes and
/// modification times: no platform file-event API, and a project is small enough to walk.
struct ProjectWatcher: Sendable {
    let paths: [String]
    /// The store's files, which a build touches itself.
    let store: [String]

    init(project: ProjectConfig) {
        let folder = project.folder
        store = [project.storeURL.path, project.storeURL.path + "-wal"]
        var paths = [folder.appendingPathComponent("content").path, folder.appendingPathComponent(ProjectConfig.fileName).path] + store
        paths.append(project.themeURL?.path ?? folder.appendingPathComponent(project.templates).path)
        self.paths = paths
    }

    /// Every watched file's path, size and modification time.
    func fingerprint() -> [String: String] {
        var result: [String: String] = [:]
        for path in paths { add(path, to: &result, depth: 0) }
        return result
    }

    private func add(_ path: String, to result: inout [String: String], depth: Int) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard depth < 32 else { return }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !entry.hasPrefix(".") {
                add(path + "/" + entry, to: &result, depth: depth + 1)
            }
        } else {
            result[path] = "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
    }
}
#endif
