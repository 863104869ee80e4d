import Foundation
import ProcessSpawn

/// A certificate authority and server certificates made with the `openssl` command when the tests
/// first need them, in a temporary directory: nothing secret is checked in, and nothing expires
/// in the repository. The CA is "infinilist test CA"; every server certificate is signed by it.
public struct TestCertificates: Sendable {
    /// The directory everything was written to.
    public let directory: String
    /// The CA's certificate (PEM): what `--cacert` or `SSL_CERT_FILE` must name to trust the servers.
    public var caFile: String { directory + "/ca.pem" }
    /// A directory holding the CA under its subject hash (`HASH.0`), as OpenSSL looks certificates
    /// up in `SSL_CERT_DIR`.
    public var caDirectory: String { directory + "/ca-dir" }
    /// The private key every server certificate is for.
    public var keyFile: String { directory + "/server.key" }

    /// A server certificate's file.
    public func certificate(_ kind: Kind) -> String { directory + "/\(kind.rawValue).pem" }

    public enum Kind: String, Sendable, CaseIterable {
        /// For `localhost` and `127.0.0.1`, valid for two days.
        case valid
        /// For `localhost` only: a request to 127.0.0.1 names another host.
        case localhostOnly = "localhost-only"
        /// For `localhost` and `127.0.0.1`, but its validity ended a day ago.
        case expired
    }

    /// Made once per test process.
    public static let shared: Result<TestCertificates, TestCertificateError> = Result { try make() }
        .mapError { $0 as? TestCertificateError ?? TestCertificateError(String(describing: $0)) }

    /// The certificates, or an error saying which `openssl` step failed.
    public static func get() throws -> TestCertificates { try shared.get() }

    private static func make() throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("infinilist-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(["req", "-x509"] + ec + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=infinilist test CA"], in: directory)
        let hash = try openssl(["x509", "-hash", "-noout", "-in", "ca.pem"], in: directory)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.createDirectory(atPath: directory + "/ca-dir", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: directory + "/ca.pem", toPath: directory + "/ca-dir/\(hash).0")
        try openssl(["req"] + ec + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"], in: directory)
        let cases: [(Kind, names: String, days: String)] = [
            (.valid, "DNS:localhost,IP:127.0.0.1", "2"),
            (.localhostOnly, "DNS:localhost", "2"),
            // -days -1: the end of its validity lies a day before its start, which is now.
            (.expired, "DNS:localhost,IP:127.0.0.1", "-1"),
        ]
        for (serial, (kind, names, days)) in cases.enumerated() {
            let extensions = "\(kind.rawValue).ext"
            try "subjectAltName=\(names)\n".write(toFile: directory + "/" + extensions, atomically: true, encoding: .utf8)
            try openssl([
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "\(serial + 2)",
                "-days", days, "-extfile", extensions, "-out", "\(kind.rawValue).pem",
            ], in: directory)
        }
        return TestCertificates(directory: directory)
    }

    /// Runs `openssl` in `directory` and returns what it wrote on stdout. Spawned and waited for
    /// with `ChildProcess` (posix_spawn, `waitpid` on its own pid): Foundation's
    /// `Process.waitUntilExit` spins a run loop on a test thread and was seen never to return
    /// while other tests spawned and reaped processes. Output goes to files, not pipes: a pipe's
    /// write end could leak into a process another test spawns at the same moment.
    @discardableResult
    private static func openssl(_ arguments: [String], in directory: String) throws -> String {
        let outPath = directory + "/openssl-\(UUID().uuidString).out"
        let errPath = outPath + ".err"
        let child = try ChildProcess.spawn(
            "/bin/sh",
            ["-c", #"cd "$0" && exec /usr/bin/openssl "$@""#, directory] + arguments,
            environment: ProcessInfo.processInfo.environment,
            stdio: ChildProcess.Stdio(input: "/dev/null", output: outPath, errors: errPath)
        )
        let status = try child.waitUntilExit()
        let written = FileManager.default.contents(atPath: outPath) ?? Data()
        let said = FileManager.default.contents(atPath: errPath) ?? Data()
        guard status == 0 else {
            throw TestCertificateError("openssl \(arguments.joined(separator: " ")) failed: \(String(decoding: said, as: UTF8.self))")
        }
        return String(decoding: written, as: UTF8.self)
    }
}

public struct TestCertificateError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
