import Foundation
import ProcessSpawn
import Glibc

/// A real HTTP proxy for the tests: Debian's `tinyproxy` (installed by `make deps`), run in the
/// foreground on a free loopback port with a config file the test writes, and stopped when `body`
/// returns. Its log (stdout, `LogLevel Connect`) has one line per request, e.g.
/// `Request (file descriptor 4): CONNECT 127.0.0.1:40123 HTTP/1.1`, so a test sees what went
/// through it.
public struct TinyProxy: Sendable {
    public static let path = "/usr/bin/tinyproxy"
    public static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }
    public static let missingMessage = "tinyproxy is not installed (make deps installs it: apt-get install tinyproxy)"

    public let port: Int
    private let logURL: URL

    /// `http://127.0.0.1:PORT`, with `user:password@` when given.
    public func url(user: String? = nil) -> String {
        "http://\(user.map { $0 + "@" } ?? "")127.0.0.1:\(port)"
    }

    /// Everything tinyproxy has logged so far.
    public var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Whether the proxy was asked to open a tunnel to `127.0.0.1:port`.
    public func tunnelled(toPort port: Int) -> Bool { log.contains("CONNECT 127.0.0.1:\(port) ") }

    /// Runs `body` with a proxy. `basicAuth` makes it ask for that user and password;
    /// `connectPorts` limits the ports it opens tunnels to (all ports when empty).
    public static func with<T: Sendable>(
        basicAuth: (user: String, password: String)? = nil,
        connectPorts: [Int] = [],
        _ body: @Sendable (TinyProxy) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tinyproxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The port is free when chosen, but another socket of a parallel test can take it before
        // tinyproxy binds it ("Could not create listening sockets", seen in a full run): a
        // proxy that exits at start is started again on another port, five times at most.
        for attempt in 1... {
            let port = try freePort()
            var config = "Port \(port)\nListen 127.0.0.1\nAllow 127.0.0.1\nLogLevel Connect\nTimeout 30\nMaxClients 20\n"
            if let basicAuth { config += "BasicAuth \(basicAuth.user) \(basicAuth.password)\n" }
            for connectPort in connectPorts { config += "ConnectPort \(connectPort)\n" }
            let configURL = directory.appendingPathComponent("tinyproxy.conf")
            try config.write(to: configURL, atomically: true, encoding: .utf8)
            let logURL = directory.appendingPathComponent("log-\(attempt)")
            // ChildProcess (posix_spawn, waitpid on its own pid), not Foundation's Process, whose
            // waitUntilExit spins a run loop on a test thread and was seen never to return.
            let process = try ChildProcess.spawn(
                path,
                ["-d", "-c", configURL.path],
                environment: ProcessInfo.processInfo.environment,
                stdio: ChildProcess.Stdio(input: "/dev/null", output: logURL.path)
            )
            // SIGKILL: tinyproxy in the foreground does not always leave on SIGTERM.
            defer {
                kill(process.pid, SIGKILL)
                _ = try? process.waitUntilExit()
            }
            do {
                try await waitUntilListening(port: port, process: process, logURL: logURL)
            } catch let error as ProxyStartError where error.exitedAtStart && attempt < 5 {
                continue
            }
            return try await body(TinyProxy(port: port, logURL: logURL))
        }
        preconditionFailure("the loop returns or throws")
    }

    /// A port nothing listens on at the moment (the kernel's choice for port 0).
    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ProxyStartError("socket() failed") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ProxyStartError("bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// Polls (up to 45 s: a full test run keeps the machine busy) until the proxy accepts a connection.
    private static func waitUntilListening(port: Int, process: ChildProcess, logURL: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(45)
        while ContinuousClock.now < deadline {
            guard process.exitStatus() == nil else {
                let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
                throw ProxyStartError("tinyproxy exited at start: \(log.suffix(500))", exitedAtStart: true)
            }
            if accepts(port: port) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        if accepts(port: port) { return }
        throw ProxyStartError("tinyproxy did not listen on port \(port) within 45 s")
    }

    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: UInt16(port))
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}

public struct ProxyStartError: Error, CustomStringConvertible {
    public let description: String
    /// tinyproxy ran and left before listening (rather than never answering).
    let exitedAtStart: Bool
    init(_ description: String, exitedAtStart: Bool = false) {
        self.description = description
        self.exitedAtStart = exitedAtStart
    }
}
