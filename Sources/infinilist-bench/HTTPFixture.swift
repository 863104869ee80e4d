import Glibc
import ProcessSpawn

/// A local HTTP API for the start-up figure: the shared rows as static pages
/// (`/page1.json`, `/page2.json`, ...; each a root array of 50 items) served by python3's
/// http.server on 127.0.0.1 only, on a port the kernel picks. A static server keeps the figure
/// about infinilist (connect, request, parse, paint), not about a server's work.
final class HTTPFixture {
    let process: ChildProcess
    let port: Int
    let pageCount: Int

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The URL template infinilist is given.
    var urlTemplate: String { "http://127.0.0.1:\(port)/page{page}.json" }

    init(rows: SharedRows, options: BenchOptions, pageSize: Int = 50, pages: Int = 20) throws {
        let directory = options.workDirectory + "/http"
        Files.makeDirectory(directory)
        for page in 0..<pages {
            let items = rows.jsonLines.dropFirst(page * pageSize).prefix(pageSize)
            guard Files.write(directory + "/page\(page + 1).json", "[" + items.joined(separator: ",") + "]") else {
                throw Failure(description: "cannot write the HTTP fixture in \(directory)")
            }
        }
        pageCount = pages
        let log = options.workDirectory + "/http-server.log"
        let child = try ChildProcess.spawn(
            "python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory],
            environment: ["PATH": BenchEnvironment.path, "LANG": "C.UTF-8"],
            stdio: ChildProcess.Stdio(output: log)
        )
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let deadline = Monotonic.now() + 10_000_000_000
        var found: Int?
        while found == nil, Monotonic.now() < deadline, child.exitStatus() == nil {
            if let text = Files.readText(log), let range = text.firstRange(of: " port ") {
                found = Int(text[range.upperBound...].prefix { $0.isNumber })
            }
            if found == nil { Monotonic.sleep(milliseconds: 20) }
        }
        guard let found else {
            kill(child.pid, SIGKILL)
            throw Failure(description: "python3 -m http.server did not start; see \(log)")
        }
        process = child
        port = found
    }

    func stop() {
        kill(process.pid, SIGTERM)
        process.waitForExit(timeoutMs: 3_000)
    }
}
