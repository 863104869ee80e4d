import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing
import TestSupport

/// https against a real TLS server whose certificates the tests make with `openssl` (a CA of their
/// own, "infinilist test CA"): a CA trusted with `--cacert` or `SSL_CERT_FILE`/`SSL_CERT_DIR`
/// loads; an untrusted CA, an expired certificate or another host name fails at once, without a
/// retry, saying what is wrong and what to do; `--insecure` loads anyway.
@Suite struct TLSTests {
    static let caName = "infinilist test CA"

    @Test func aCATrustedWithCACertLoadsThePages() async throws {
        let files = try TestCertificates.get()
        try await withTLSFaultServer { server in
            var options = SourceOptions.tls(clock: TestClock())
            options.caCertificateFiles = [files.caFile]
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options, pages: 2)
            #expect(messages.compactMap(\.loaded).flatMap(\.items).map(\.text) == (1...10).map { "Item \($0)" })
        }
    }

    @Test func anUntrustedCAFailsAtOnceWithoutARetryAndSaysWhatToDo() async throws {
        try await withTLSFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: .tls(clock: clock))
            let failure = try #require(messages.last?.failed)
            // The server presents its own certificate only, so the CA is named as its issuer.
            #expect(failure.message == "the certificate for \(server.host) is not trusted (issued by '\(Self.caName)', not a CA this machine trusts); --cacert FILE trusts a CA, -k skips checking (unsafe)")
            #expect(clock.sleeps.all.isEmpty, "retried: \(clock.sleeps.all)")
            #expect(!messages.contains { $0.waiting != nil })
            // The handshake failed, so no HTTP request ever reached the server.
            #expect(server.log.all.isEmpty)
        }
    }

    @Test func anExpiredCertificateFailsAtOnceNamingTheDate() async throws {
        let files = try TestCertificates.get()
        try await withTLSFaultServer(certificate: .expired) { server in
            let clock = TestClock()
            var options = SourceOptions.tls(clock: clock)
            options.caCertificateFiles = [files.caFile]
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("the certificate for \(server.host) expired on "), "\(failure.message)")
            #expect(failure.message.hasSuffix(" UTC; the server must renew it (-k skips checking, unsafe)"), "\(failure.message)")
            #expect(clock.sleeps.all.isEmpty, "retried: \(clock.sleeps.all)")
        }
    }

    @Test func aCertificateForAnotherHostNameFailsAtOnceNamingTheNames() async throws {
        let files = try TestCertificates.get()
        try await withTLSFaultServer(certificate: .localhostOnly) { server in
            let clock = TestClock()
            var options = SourceOptions.tls(clock: clock)
            options.caCertificateFiles = [files.caFile]
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
            let failure = try #require(messages.last?.failed)
            #expect(failure.message == "the certificate of \(server.host) is for 'localhost', not for \(server.host); use a host name it names, or -k skips checking (unsafe)")
            #expect(clock.sleeps.all.isEmpty, "retried: \(clock.sleeps.all)")
        }
    }

    @Test func theSameCertificateByTheHostNameItNamesLoads() async throws {
        let files = try TestCertificates.get()
        try await withTLSFaultServer(certificate: .localhostOnly) { server in
            var options = SourceOptions.tls(clock: TestClock())
            options.caCertificateFiles = [files.caFile]
            let url = "https://localhost:\(server.port)/pages?page={page}"
            let messages = try await loaderMessages(url: url, options: options)
            #expect(messages.last?.loaded?.items.count == 5, "\(messages)")
        }
    }

    @Test(arguments: [TestCertificates.Kind.valid, .expired, .localhostOnly])
    func insecureLoadsWhateverTheCertificate(certificate: TestCertificates.Kind) async throws {
        try await withTLSFaultServer(certificate: certificate) { server in
            var options = SourceOptions.tls(clock: TestClock())
            options.insecure = true
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
            #expect(messages.last?.loaded?.items.count == 5, "\(messages)")
        }
    }

    @Test func sslCertFileReplacesTheSystemBundle() async throws {
        let files = try TestCertificates.get()
        try await withTLSFaultServer { server in
            var options = SourceOptions.tls(clock: TestClock())
            options.trustEnvironment = ["SSL_CERT_FILE": files.caFile]
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
            #expect(messages.last?.loaded?.items.count == 5, "\(messages)")
            // Another bundle in its place: not trusted.
            options.trustEnvironment = ["SSL_CERT_FILE": files.certificate(.valid)]
            let refused = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
            #expect(refused.last?.failed?.message.contains("is not trusted") == true, "\(refused)")
        }
    }

    @Test func sslCertDirIsSearchedByHashedName() async throws {
        let files = try TestCertificates.get()
        try await withTLSFaultServer { server in
            var options = SourceOptions.tls(clock: TestClock())
            options.trustEnvironment = ["SSL_CERT_DIR": "/nonexistent-is-refused-below:\(files.caDirectory)"]
            #expect(throws: SourceOptionError("SSL_CERT_DIR names /nonexistent-is-refused-below, which is not a directory")) {
                try options.validated(url: server.base)
            }
            // Alone, and second in a list (after a directory without the CA).
            for directories in [files.caDirectory, "\(files.directory):\(files.caDirectory)"] {
                options.trustEnvironment = ["SSL_CERT_DIR": directories]
                let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
                #expect(messages.last?.loaded?.items.count == 5, "SSL_CERT_DIR=\(directories): \(messages)")
            }
            // The directory without the CA does not trust the server.
            options.trustEnvironment = ["SSL_CERT_DIR": files.directory]
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
            #expect(messages.last?.failed?.message.contains("is not trusted") == true, "\(messages)")
        }
    }

    /// A list that starts at http:// names its trust roots by path instead of reading them at
    /// start; a redirect to https still checks the server against them.
    @Test func httpToHTTPSRedirectChecksTheRootsNamedByPath() async throws {
        let files = try TestCertificates.get()
        try await withFaultServer { plain in
            try await withTLSFaultServer { server in
                let url = "\(plain.base)/redirect?to=\(server.base)/pages?page=1&page={page}"
                var options = SourceOptions.tls(clock: TestClock())
                for environment in [["SSL_CERT_FILE": files.caFile], ["SSL_CERT_DIR": files.caDirectory]] {
                    options.trustEnvironment = environment
                    let messages = try await loaderMessages(url: url, options: options)
                    #expect(messages.first?.loaded?.items.count == 5, "\(environment): \(messages)")
                }
                for environment in [["SSL_CERT_FILE": files.certificate(.valid)], [:]] {
                    options.trustEnvironment = environment
                    let refused = try await loaderMessages(url: url, options: options)
                    #expect(refused.last?.failed?.message.contains("is not trusted") == true, "\(environment): \(refused)")
                }
                // Not read at start: a bundle that is not there fails the first handshake instead.
                options.trustEnvironment = ["SSL_CERT_FILE": "/nonexistent/bundle.pem"]
                _ = try options.validated(url: url)
                let failed = try await loaderMessages(url: url, options: options)
                #expect(failed.last?.failed != nil, "\(failed)")
            }
        }
    }

    @Test func httpsToHTTPRedirectIsRefusedWithoutFollowingIt() async throws {
        let files = try TestCertificates.get()
        try await withFaultServer { plain in
            try await withTLSFaultServer { server in
                var options = SourceOptions.tls(clock: TestClock())
                options.caCertificateFiles = [files.caFile]
                let target = "\(plain.base)/pages?page=1"
                let messages = try await loaderMessages(url: "\(server.base)/redirect?to=\(target)&page={page}", options: options)
                let failure = try #require(messages.last?.failed)
                #expect(failure.message == "page 1: refused redirect from https to http (\(target)); --allow-insecure-redirect permits it")
                #expect(plain.log.all.isEmpty)
                #expect(server.log.all.count == 1)
            }
        }
    }
}

extension SourceOptions {
    /// Fault-test options that trust only what a test adds: the machine's `SSL_CERT_FILE` or
    /// `SSL_CERT_DIR` must not decide a test's outcome.
    static func tls(clock: TestClock) -> SourceOptions {
        var options = SourceOptions.faults(clock: clock)
        options.trustEnvironment = [:]
        return options
    }
}

/// A fault server behind TLS with one of the test certificates, on 127.0.0.1.
struct TLSFaultServer: Sendable {
    let port: Int
    let log: FaultLog
    var host: String { "127.0.0.1:\(port)" }
    var base: String { "https://\(host)" }
}

func withTLSFaultServer<T: Sendable>(
    certificate: TestCertificates.Kind = .valid,
    _ body: @Sendable (TLSFaultServer) async throws -> T
) async throws -> T {
    let log = FaultLog()
    return try await withLocalTLSServer(router: FaultRoutes.router(log: log), certificate: certificate) { port in
        try await body(TLSFaultServer(port: port, log: log))
    }
}
