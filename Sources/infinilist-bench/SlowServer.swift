import Glibc
import ProcessSpawn

/// A local API for the dump figures: `/pageN.json` from a directory, each answer held back by a
/// fixed latency (as a remote API would be), any page past the last an empty array (the end, as
/// page-number APIs say it). python3's threading HTTP server, so requests in parallel are
/// answered in parallel, on 127.0.0.1 only.
final class SlowServer {
    let process: ChildProcess
    let port: Int

    static let script = """
        import http.server, os, sys, time
        root, latency = sys.argv[1], float(sys.argv[2])
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_GET(self):
                time.sleep(latency)
                path = os.path.join(root, os.path.basename(self.path.split("?")[0]))
                body = open(path, "rb").read() if os.path.isfile(path) else b"[]"
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print("port", server.server_address[1], flush=True)
        server.serve_forever()
        """

    init(directory: String, latencyMs: Int, options: BenchOptions) throws {
        let scriptPath = options.workDirectory + "/slow-server.py"
        let log = options.workDirectory + "/slow-server-\(latencyMs).log"
        guard Files.write(scriptPath, Self.script) else { throw TimedRun.Failure(description: "cannot write \(scriptPath)") }
        let child = try ChildProcess.spawn(
            "python3", ["-u", scriptPath, directory, String(Double(latencyMs) / 1000)],
            environment: ["PATH": BenchEnvironment.path, "LANG": "C.UTF-8"],
            stdio: ChildProcess.Stdio(output: log))
        let deadline = Monotonic.now() + 10_000_000_000
        var found: Int?
        while found == nil, Monotonic.now() < deadline, child.exitStatus() == nil {
            if let text = Files.readText(log), let range = text.firstRange(of: "port ") {
                found = Int(text[range.upperBound...].prefix { $0.isNumber })
            }
            if found == nil { Monotonic.sleep(milliseconds: 20) }
        }
        guard let found else {
            kill(child.pid, SIGKILL)
            throw TimedRun.Failure(description: "the python3 test server did not start; see \(log)")
        }
        process = child
        port = found
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func stop() {
        kill(process.pid, SIGTERM)
        process.waitForExit(timeoutMs: 3_000)
    }
}
