import Foundation

/// A tiny HTTP server on 127.0.0.1 (Python's http.server, started by the test and stopped when
/// the value goes away): `/ok/NAME` answers "image NAME", `/fail/…` 500, `/slow/…` after 5 s.
/// `/together/N/NAME` answers only once N such requests are in at once (500 after 20 s without),
/// with "image NAME, at most K at once": K the most it ever had in at once. A test of concurrency
/// then waits for the state it needs, not for a time.
final class ImageHTTPServer {
    let process = Process()
    let port: Int
    private let requests: Pipe

    init() throws {
        let script = """
            import http.server, sys, threading, time
            lock = threading.Condition()
            state = {"in": 0, "most": 0, "arrived": 0}
            class H(http.server.BaseHTTPRequestHandler):
                def together(self, count):
                    with lock:
                        state["in"] += 1
                        state["arrived"] += 1
                        state["most"] = max(state["most"], state["in"])
                        lock.notify_all()
                        # Released once `count` have arrived since the last group went.
                        group = (state["arrived"] + count - 1) // count
                        met = lock.wait_for(lambda: state["arrived"] >= group * count, timeout=20)
                        most = state["most"]
                        # Out before its answer goes: the client's next request may follow it at once.
                        state["in"] -= 1
                    if met:
                        body = ("image " + self.path.split("/")[-1] + ", at most " + str(most) + " at once").encode()
                        self.send_response(200); self.send_header("Content-Type", "image/jpeg")
                        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
                    else:
                        self.send_response(500); self.send_header("Content-Length", "0"); self.end_headers()
                def do_GET(self):
                    sys.stderr.write(self.path + "\\n"); sys.stderr.flush()
                    if self.path.startswith("/together/"): return self.together(int(self.path.split("/")[2]))
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
