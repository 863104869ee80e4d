import Foundation
import Testing

/// Faults without a screen: `--dump` writes what it loaded and exits non-zero, saying why it
/// paused; bad command lines are usage errors that name the problem before any request is sent;
/// `--help` documents the fault and security flags. Serialized: each case starts a process, and
/// the machine is shared with the other end-to-end suites.
@Suite(.serialized) struct FaultCommandLineTests {
    @Test func dumpWritesWhatItLoadedThenExitsNonZero() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let run = try await ProcessRun.run(Binary.path, ["--dump", "--retries", "1", "\(server.base)/second-fails?page={page}"], timeout: .seconds(15))
            #expect(run.status == 1)
            #expect(run.stdoutLines.count == 5)
            #expect(run.stderr.contains("infinilist: page 2: HTTP 503 Service Unavailable from 127.0.0.1:"), "\(run.stderr)")
            // The backoff is a random wait below 0.5 s, and said as such.
            #expect(run.stderr.contains("(retry 1 of 1); retrying in 0."), "\(run.stderr)")
            #expect(run.stderr.contains("maintenance (gave up after 1 retry) (page 2; 5 items written)"))
            #expect(server.uris.filter { $0 == "/second-fails?page=2" }.count == 2)
        }
    }

    @Test(arguments: [
        (["--retries", "-1"], "--retries"),
        (["--trust-hosts", "bad host!"], "--trust-hosts"),
        (["--trust-hosts", "api.example.com:99999"], "bad port"),
        (["--timeout", "0"], "--timeout"),
        (["--timeout", "1e16"], "--timeout"),
        (["--first-page", "9223372036854775807"], "--first-page"),
        (["--page-size", "100000000"], "--page-size"),
        (["--demo-latency", "9223372036854775807"], "--demo-latency"),
        (["--max-page-bytes", "lots"], "--max-page-bytes"),
        (["-H", "X-Evil: a\r\nHost: evil"], "header"),
    ])
    func badFlagsAreUsageErrorsBeforeAnyRequest(flags: [String], mention: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let run = try await ProcessRun.run(Binary.path, ["--dump"] + flags + ["\(server.base)/fail-once?page={page}"], timeout: .seconds(15))
            #expect(run.status == 64, "stderr: \(run.stderr)")
            #expect(run.stderr.lowercased().contains(mention.lowercased()), "stderr: \(run.stderr)")
            #expect(server.uris.isEmpty, "a request was sent before the usage error")
        }
    }

    @Test(arguments: [
        ("ftp://example.com/list.json", "http"),
        ("javascript:alert(1)", "http"),
        ("http://", "http"),
        ("https://exa mple.com/?page={page}", "url"),
        ("https://example.com/items?page={page", "unclosed"),
        ("http://127.0.0.1:70000/?page={page}", "has port 70000; ports go up to 65535"),
        ("http://localhost:18446744073709551617/", "has port 18446744073709551617; ports go up to 65535"),
        ("http://[::1]:65536/", "has port 65536; ports go up to 65535"),
        ("https://example.com/?page={{page}}", "percent-encoded as %7b"),
    ])
    func badURLsAreUsageErrors(url: String, mention: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", url], timeout: .seconds(15))
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.lowercased().contains(mention), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// A server's next link to port 70000 once crashed the process (SIGILL in NIO); now the dump
    /// keeps what it loaded, says why it stopped, and exits 1: paging stopped short of the end.
    @Test func aNextLinkToAnImpossiblePortEndsTheDump() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let run = try await ProcessRun.run(Binary.path, ["--dump", "\(server.base)/linked?next=http%3A%2F%2F127.0.0.1%3A70000%2Fx"], timeout: .seconds(15))
            #expect(run.status == 1, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == 5)
            #expect(run.stderr.contains("end: the next link 'http://127.0.0.1:70000/x' (Link rel=next) has port 70000; ports go up to 65535 (5 items)"), "\(run.stderr)")
        }
    }

    /// `user:password@` in the URL is Basic auth; `-v` shows the user, never the password.
    @Test func urlCredentialsAreSentAndNeverPrinted() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FaultScreenServer.with { server in
            let url = server.base.replacingOccurrences(of: "http://", with: "http://ann:hunter2@") + "/whoami"
            let run = try await ProcessRun.run(Binary.path, ["--dump", "-v", url], timeout: .seconds(15))
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdout.contains("authorization: Basic YW5uOmh1bnRlcjI="), "\(run.stdout)")
            #expect(run.stderr.contains("GET http://ann:***@127.0.0.1:"), "\(run.stderr)")
            #expect(!run.stderr.contains("hunter2"), "\(run.stderr)")
        }
    }

    @Test func helpDocumentsTheFaultAndSecurityFlags() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--help"], timeout: .seconds(15))
        #expect(run.status == 0)
        for flag in ["--retries", "--trust-hosts", "--allow-insecure-redirect", "--timeout", "--max-page-bytes", "Retry-After"] {
            #expect(run.stdout.contains(flag), "--help does not mention \(flag)")
        }
    }
}
