import Foundation
import InfinilistCore
import Testing
import TestSupport
@testable import InfinilistLoader

/// Requests through a real proxy (tinyproxy on loopback): the flag and the environment's
/// variables, NO_PROXY, Basic auth to the proxy, and a proxy that refuses or is down.
@Suite(.serialized) struct ProxyTests {
    private func options(retries: Int = 0) -> SourceOptions {
        SourceOptions.faults(clock: TestClock(), retries: retries)
    }

    /// Loads the fault server's five-item page with the options `configure` sets while a proxy
    /// runs, and says whether the request was tunnelled through that proxy.
    private func loadThroughProxy(_ configure: @escaping @Sendable (inout SourceOptions, TinyProxy) -> Void) async throws -> Bool {
        try #require(TinyProxy.exists, "\(TinyProxy.missingMessage)")
        let base = options()
        return try await TinyProxy.with { proxy in
            try await withFaultServer { server in
                var options = base
                configure(&options, proxy)
                let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
                #expect(messages.last?.loaded?.items.count == 5, "\(messages)")
                return proxy.tunnelled(toPort: try #require(URLComponents(string: server.base)?.port))
            }
        }
    }

    @Test func theProxyFlagSendsRequestsThroughTheProxy() async throws {
        #expect(try await loadThroughProxy { options, proxy in options.proxy = proxy.url() })
    }

    @Test(arguments: ["http_proxy", "all_proxy", "ALL_PROXY"])
    func theEnvironmentsProxyIsUsedForHTTP(variable: String) async throws {
        #expect(try await loadThroughProxy { options, proxy in options.environment = [variable: proxy.url()] })
    }

    /// Upper-case HTTP_PROXY is ignored, as curl ignores it (a CGI program gets it from a
    /// request's `Proxy:` header); https_proxy is for https URLs only.
    @Test(arguments: ["HTTP_PROXY", "https_proxy", "HTTPS_PROXY"])
    func otherVariablesDoNotProxyHTTP(variable: String) async throws {
        #expect(try await !loadThroughProxy { options, proxy in options.environment = [variable: proxy.url()] })
    }

    @Test(arguments: [
        (["no_proxy": "127.0.0.1"], nil as String?),
        (["NO_PROXY": "example.com, 127.0.0.0/8"], nil),
        (["NO_PROXY": "*"], nil),
        ([:], "127.0.0.1"),
        (["NO_PROXY": "example.com"], "localhost,127.0.0.1"),
    ])
    func noProxyGoesStraightToTheServer(environment: [String: String], flag: String?) async throws {
        #expect(try await !loadThroughProxy { options, proxy in
            options.environment = environment.merging(["http_proxy": proxy.url()]) { $1 }
            options.noProxy = flag
        })
    }

    /// `--noproxy ''` lets no host bypass, whatever NO_PROXY says; `--proxy` wins over the
    /// environment.
    @Test func theFlagsWinOverTheEnvironment() async throws {
        #expect(try await loadThroughProxy { options, proxy in
            options.environment = ["NO_PROXY": "127.0.0.1", "http_proxy": "http://127.0.0.1:1"]
            options.proxy = proxy.url()
            options.noProxy = ""
        })
    }

    @Test func aProxyWithBasicAuthGetsItsPasswordAndTheServerDoesNot() async throws {
        try #require(TinyProxy.exists, "\(TinyProxy.missingMessage)")
        try await TinyProxy.with(basicAuth: ("alice", "s3cret")) { proxy in
            try await withFaultServer { server in
                var options = options()
                options.proxy = proxy.url(user: "alice:s3cret")
                let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
                #expect(messages.last?.loaded?.items.count == 5, "\(messages)")
                #expect(server.log.all.count == 1)
                #expect(server.log.all.allSatisfy { $0.authorization == nil })
            }
        }
    }

    /// tinyproxy answers a missing password with 407 and a wrong one with 401, which
    /// AsyncHTTPClient reports as a refused tunnel without its status: the proxy is asked again
    /// and its status named.
    @Test(arguments: [
        ("alice:n0tright", "refused to open a tunnel to 127.0.0.1:PORT (HTTP 401 to CONNECT: the user name or password for alice:*** may be wrong)"),
        (nil as String?, "asks for a user name and password (HTTP 407 Proxy Authentication Required)"),
    ])
    func aWrongOrMissingProxyPasswordNamesTheProxy(user: String?, words: String) async throws {
        try #require(TinyProxy.exists, "\(TinyProxy.missingMessage)")
        try await TinyProxy.with(basicAuth: ("alice", "s3cret")) { proxy in
            try await withFaultServer { server in
                let clock = TestClock()
                var options = SourceOptions.faults(clock: clock, retries: 2)
                options.proxy = proxy.url(user: user)
                let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
                let message = try #require(messages.last?.failed?.message, "\(messages)")
                let port = try #require(URLComponents(string: server.base)?.port).description
                #expect(message.contains("the proxy 127.0.0.1:\(proxy.port) (--proxy) \(words.replacingOccurrences(of: "PORT", with: port))"), "\(message)")
                #expect(!message.contains("n0tright"), "the password was shown: \(message)")
                #expect(clock.sleeps.all.isEmpty, "a refusal is not retried: \(clock.sleeps.all)")
                #expect(server.log.all.isEmpty)
            }
        }
    }

    /// tinyproxy with `ConnectPort 443` answers CONNECT to another port with 403.
    @Test func aProxyThatRefusesTheTunnelIsNamed() async throws {
        try #require(TinyProxy.exists, "\(TinyProxy.missingMessage)")
        try await TinyProxy.with(connectPorts: [443]) { proxy in
            try await withFaultServer { server in
                var options = options(retries: 2)
                options.proxy = proxy.url()
                let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
                let message = try #require(messages.last?.failed?.message, "\(messages)")
                let host = try #require(URLComponents(string: server.base)?.port).description
                #expect(message.contains("the proxy 127.0.0.1:\(proxy.port) (--proxy) refused to open a tunnel to 127.0.0.1:\(host) (HTTP 403 to CONNECT: it forbids that host and port;"), "\(message)")
                // The server is plain http: the message says why it was tunnelled and the way round.
                #expect(message.contains("http URLs are tunnelled too, which proxies that allow CONNECT only to port 443 refuse: --noproxy 127.0.0.1 goes straight to it"), "\(message)")
                #expect(server.log.all.isEmpty)
            }
        }
    }

    /// A proxy that is down is a connection error naming the proxy (not the server), retried.
    @Test func aProxyThatIsDownIsAConnectionErrorNamingTheProxy() async throws {
        let port = try TinyProxy.freePort()
        try await withFaultServer { server in
            let clock = TestClock()
            var options = SourceOptions.faults(clock: clock, retries: 2)
            options.environment = ["http_proxy": "http://bob:hunter2@127.0.0.1:\(port)"]
            let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
            let message = try #require(messages.last?.failed?.message, "\(messages)")
            #expect(message.contains("the proxy 127.0.0.1:\(port) (http_proxy) refused the connection"), "\(message)")
            #expect(message.contains("gave up after 2 retries"), "\(message)")
            #expect(!message.contains("hunter2"))
            #expect(clock.sleeps.all.count == 2)
            #expect(server.log.all.isEmpty)
        }
    }

    @Test func dashUSendsBasicAuthToTheStartingOriginOnly() async throws {
        try await withTwoFaultServers { first, second in
            var options = options()
            options.user = "alice:pa ss"
            let messages = try await loaderMessages(url: "\(first.base)/linked?next=\(second.base)/whoami", options: options, pages: 3)
            #expect(messages.compactMap(\.loaded).count == 2, "\(messages)")
            let expected = "Basic " + Data("alice:pa ss".utf8).base64EncodedString()
            #expect(first.log.all.first?.authorization == expected)
            #expect(second.log.all.count == 1)
            #expect(second.log.all.allSatisfy { $0.authorization == nil })
        }
    }
}
