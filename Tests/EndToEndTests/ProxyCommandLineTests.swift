import Foundation
import Testing
import TestSupport

/// `--proxy`, the proxy variables and `-u` from the command line: usage errors (64) that name
/// where a bad value came from without its password, `-v`'s "via proxy", and Basic auth.
@Suite(.serialized) struct ProxyCommandLineTests {
    @Test(arguments: [
        (["--proxy", "http://u:hunter2@proxy:99999"], [String: String](), "in --proxy has port 99999"),
        ([], ["https_proxy": "http://u:hunter2@proxy:99999"], "in https_proxy has port 99999"),
        ([], ["ALL_PROXY": "socks5://u:hunter2@proxy"], "in ALL_PROXY is a socks5: URL"),
        (["--noproxy", "10.0.0.0/40"], ["https_proxy": "http://proxy:3128"], "--noproxy: '10.0.0.0/40' has a CIDR prefix above 32"),
    ])
    func aBadProxyIsAUsageErrorNamingWhereItCameFrom(flags: [String], environment: [String: String], words: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump"] + flags + ["https://example.com/items"], environment: environment)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(words), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("hunter2"), "the password was shown: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func verboseSaysWhichProxyWithoutItsPassword() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try #require(TinyProxy.exists, "\(TinyProxy.missingMessage)")
        try await TinyProxy.with(basicAuth: ("alice", "s3cret")) { proxy in
            try await FeatureServer.with { base, _ in
                let run = try await ProcessRun.run(
                    Binary.path,
                    ["--dump", "-v", "\(base)/named?page={page}"],
                    environment: ["http_proxy": proxy.url(user: "alice:s3cret"), "NO_PROXY": "example.com"]
                )
                #expect(run.status == 0, "stderr: \(run.stderr)")
                #expect(run.stderr.contains("via proxy 127.0.0.1:\(proxy.port) (http_proxy)"), "stderr: \(run.stderr)")
                #expect(run.stdout.contains("auth: none"), "stdout: \(run.stdout)")
                #expect(!(run.stderr + run.stdout).contains("s3cret"), "the password was shown")
                #expect(proxy.log.contains("CONNECT 127.0.0.1:"), "\(proxy.log)")
            }
        }
    }

    /// The way a new user behind a company proxy and a company CA tries it:
    /// `HTTPS_PROXY=… infinilist --cacert ca.pem https://…`. The proxy only opens a tunnel to
    /// the host (it never sees the request), and TLS runs end to end through it.
    @Test func httpsThroughTheProxyToAServerWithAPrivateCA() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try #require(TinyProxy.exists, "\(TinyProxy.missingMessage)")
        let files = try TestCertificates.get()
        try await TinyProxy.with { proxy in
            try await TLSCommandLineTests.withServer { base, requests in
                let run = try await ProcessRun.run(
                    Binary.path,
                    ["--dump", "-v", "--cacert", files.caFile, "\(base)/items?page={page}"],
                    environment: ["HTTPS_PROXY": proxy.url()],
                    timeout: .seconds(20)
                )
                #expect(run.status == 0, "stderr: \(run.stderr)")
                #expect(run.stdout.split(separator: "\n").count == 2, "stdout: \(run.stdout)")
                #expect(run.stderr.contains("via proxy 127.0.0.1:\(proxy.port) (HTTPS_PROXY)"), "stderr: \(run.stderr)")
                let port = try #require(URLComponents(string: base)?.port)
                #expect(proxy.tunnelled(toPort: port), "\(proxy.log)")
                // The proxy saw the tunnel, not the requests inside it.
                #expect(!proxy.log.contains("/items"), "\(proxy.log)")
                #expect(requests.value == 2)
            }
        }
    }

    @Test func dashUSendsBasicAuth() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FeatureServer.with { base, _ in
            let run = try await ProcessRun.run(Binary.path, ["--dump", "-v", "-u", "alice:pw", "\(base)/named?page={page}"])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdout.contains("auth: Basic \(Data("alice:pw".utf8).base64EncodedString())"), "stdout: \(run.stdout)")
            #expect(!run.stderr.contains(":pw"), "the password was shown: \(run.stderr)")
        }
    }

    /// `setsid -w` starts infinilist in a new session, without a controlling terminal, and waits.
    @Test func dashUWithoutAPasswordNeedsATerminal() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run("/usr/bin/setsid", ["-w", Binary.path, "--dump", "-u", "alice", "https://example.com/items"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("-u alice: there is no terminal (/dev/tty) to ask for the password on; give it as -u alice:PASSWORD"), "stderr: \(run.stderr)")
    }
}
