import Foundation
import Glibc
import Hummingbird
import Testing
import Synchronization
import TestSupport

/// https end to end: the built binary against a real TLS server whose CA the tests make with
/// `openssl`. Trust comes from `--cacert` or `SSL_CERT_FILE`; an untrusted certificate fails
/// with a message saying what to do; `-k` loads with a warning; https never redirects to http.
/// Serialized: each case starts a process, and the machine is shared with the other suites.
@Suite(.serialized) struct TLSCommandLineTests {
    /// Page 1 holds two items, page 2 none (the end); `/to-plain?to=URL` redirects to `URL`.
    static func router(requests: LockedCount) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("items") { request, _ in
            requests.add()
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            let body = page == 1 ? #"{"items": [{"id": 1, "title": "first"}, {"id": 2, "title": "second"}]}"# : #"{"items": []}"#
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        router.get("to-plain") { request, _ in
            requests.add()
            return Response(status: .found, headers: [.location: request.uri.queryParameters["to"].map(String.init) ?? "/"])
        }
        return router
    }

    /// Runs `body` with an https server (the valid test certificate) on 127.0.0.1.
    static func withServer(_ body: @Sendable (_ base: String, _ requests: LockedCount) async throws -> Void) async throws {
        let requests = LockedCount()
        try await withLocalTLSServer(router: router(requests: requests)) { port in
            try await body("https://127.0.0.1:\(port)", requests)
        }
    }

    @Test func cacertTrustsTheTestCA() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let files = try TestCertificates.get()
        try await Self.withServer { base, _ in
            let run = try await ProcessRun.run(Binary.path, ["--dump", "--cacert", files.caFile, "\(base)/items?page={page}"], timeout: .seconds(20))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdoutLines.count == 2)
        }
    }

    @Test func sslCertFileInTheEnvironmentTrustsTheTestCA() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let files = try TestCertificates.get()
        try await Self.withServer { base, _ in
            let run = try await ProcessRun.run(
                Binary.path, ["--dump", "\(base)/items?page={page}"],
                environment: ["SSL_CERT_FILE": files.caFile, "SSL_CERT_DIR": ""], timeout: .seconds(20)
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdoutLines.count == 2)
        }
    }

    @Test func anUntrustedCertificateFailsAtOnceSayingWhatToDo() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await Self.withServer { base, requests in
            // Three retries allowed: none may be used.
            let run = try await ProcessRun.run(
                Binary.path, ["--dump", "--retries", "3", "\(base)/items?page={page}"],
                environment: ["SSL_CERT_FILE": "", "SSL_CERT_DIR": ""], timeout: .seconds(20)
            )
            #expect(run.status == 1)
            #expect(run.stderr.contains("is not trusted (issued by 'infinilist test CA', not a CA this machine trusts); --cacert FILE trusts a CA"), "\(run.stderr)")
            #expect(!run.stderr.contains("retr"), "\(run.stderr)")
            #expect(requests.value == 0)
        }
    }

    @Test func insecureLoadsAndWarnsOnStderr() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await Self.withServer { base, _ in
            let run = try await ProcessRun.run(Binary.path, ["--dump", "-k", "\(base)/items?page={page}"], timeout: .seconds(20))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdoutLines.count == 2)
            #expect(run.stderr.contains("warning: -k/--insecure: https certificates are not checked"), "\(run.stderr)")
        }
    }

    @Test func aMissingCACertFileIsAUsageErrorBeforeAnyRequest() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await Self.withServer { base, requests in
            let run = try await ProcessRun.run(Binary.path, ["--dump", "--cacert", "/nonexistent/ca.pem", "\(base)/items?page={page}"], timeout: .seconds(20))
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("--cacert /nonexistent/ca.pem: no such file"), "\(run.stderr)")
            #expect(requests.value == 0)
        }
    }

    /// Issue 32: a named pipe given to --cacert was blamed on permissions ("permission denied?").
    @Test func aNamedPipeAsCACertFileIsAUsageErrorSayingWhatItIs() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let pipe = directory.file("ca.fifo").path
        try #require(mkfifo(pipe, 0o600) == 0)
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--cacert", pipe, "https://127.0.0.1:9/items?page={page}"], timeout: .seconds(20))
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--cacert \(pipe) is a named pipe (FIFO), not a regular file; save the PEM certificates to a file and give its path"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("permission"), "\(run.stderr)")
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefused() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let files = try TestCertificates.get()
        let plainRequests = LockedCount()
        try await withLocalServer(router: Self.router(requests: plainRequests)) { plainPort in
            try await Self.withServer { base, _ in
                let target = "http://127.0.0.1:\(plainPort)/items?page=1"
                let run = try await ProcessRun.run(
                    Binary.path, ["--dump", "--cacert", files.caFile, "\(base)/to-plain?to=\(target)&page={page}"], timeout: .seconds(20)
                )
                #expect(run.status == 1)
                #expect(run.stderr.contains("refused redirect from https to http (\(target)); --allow-insecure-redirect permits it"), "\(run.stderr)")
                #expect(plainRequests.value == 0)
            }
        }
    }

    @Test func helpDocumentsTheTLSFlags() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--help"], timeout: .seconds(15))
        for text in ["--cacert <file>", "-k, --insecure", "SSL_CERT_FILE", "SSL_CERT_DIR"] {
            #expect(run.stdout.contains(text), "--help does not mention \(text)")
        }
    }
}

/// A counter the server's handlers share with the test.
final class LockedCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
