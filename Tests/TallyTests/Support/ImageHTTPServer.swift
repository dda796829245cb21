import Foundation

/// A tiny HTTP server on 127.0.0.1 (Python's http.server, started by the test and stopped when
/// the value goes away): `/ok/NAME` answers "image NAME", `/fail/…` 500, `/slow/…` after 5 s.
final class ImageHTTPServer {
    let process = Process()
    let port: Int
    private let requests: Pipe

    init() throws {
        let script = """
            import http.server, sys, time
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    sys.stderr.write(self.path + "\\n"); sys.stderr.flush()
                    if self.path.startswith("/slow/"): time.sleep(5)
                    if self.path.startswith("/ok/") or self.path.startswith("/slow/"):
                        body = ("image " + self.path.split("/")[-1]).encode()
                        self.send_response(200); self.send_header("Content-Type", "image/jpeg")
                        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
                    else:
                        self.send_response(500); self.send_header("Content-Length", "0"); self.end_headers()
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        requests = Pipe()
        process.standardOutput = output
        process.standardError = requests
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw CocoaError(.fileReadUnknown) }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops the server (waitUntilExit can hang off the main thread on Linux; Foundation reaps it).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
