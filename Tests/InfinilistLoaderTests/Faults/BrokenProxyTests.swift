import Foundation
import InfinilistCore
import Testing
import TestSupport
@testable import InfinilistLoader

/// A proxy that answers 407 and closes, closes at once or sends garbage is named as the one at
/// fault (not the server behind it, which was never reached); a 407 says the proxy refused its
/// credentials (the user shown, never the password) and is not asked again.
@Suite struct BrokenProxyTests {
    /// Loads the fault server's first page through a broken proxy with two retries allowed; the
    /// failure's message, how many waits the retry policy made, and how many connections the
    /// proxy saw.
    private func failure(_ behaviour: BrokenProxyBehaviour, user: String?) async throws -> (message: String, proxyPort: Int, originPort: Int, sleeps: Int, connections: Int) {
        try await withBrokenProxy(behaviour) { proxyPort, connections in
            try await withFaultServer { server in
                let clock = TestClock()
                var options = SourceOptions.faults(clock: clock, retries: 2, timeout: .seconds(30))
                options.proxy = "http://\(user.map { $0 + "@" } ?? "")127.0.0.1:\(proxyPort)"
                let messages = try await loaderMessages(url: "\(server.base)/pages?page={page}", options: options)
                let message = try #require(messages.last?.failed?.message, "\(messages)")
                #expect(server.log.all.isEmpty, "the server behind the proxy was reached")
                let originPort = try #require(URLComponents(string: server.base)?.port)
                return (message, proxyPort, originPort, clock.sleeps.all.count, connections.all.count)
            }
        }
    }

    @Test(arguments: [BrokenProxyBehaviour.answer407ThenClose, .answer407AtOnce])
    func a407SaysTheProxyRefusedItsCredentialsAndIsNotRetried(behaviour: BrokenProxyBehaviour) async throws {
        let seen = try await failure(behaviour, user: "alice:hunter2")
        #expect(seen.message.hasPrefix("the proxy 127.0.0.1:\(seen.proxyPort) (--proxy) refused the user name and password for alice:*** (HTTP 407"), "\(seen.message)")
        #expect(!seen.message.contains("hunter2"))
        #expect(seen.sleeps == 0, "a 407 was retried")
        #expect(seen.connections == 1)
    }

    @Test(arguments: [BrokenProxyBehaviour.answer407ThenClose, .answer407AtOnce])
    func a407WithoutCredentialsSaysToGiveThem(behaviour: BrokenProxyBehaviour) async throws {
        let seen = try await failure(behaviour, user: nil)
        #expect(seen.message.hasPrefix("the proxy 127.0.0.1:\(seen.proxyPort) (--proxy) asks for a user name and password (HTTP 407"), "\(seen.message)")
        #expect(seen.sleeps == 0, "a 407 was retried")
    }

    @Test func aProxyThatClosesAtOnceIsNamedNotTheServer() async throws {
        let seen = try await failure(.closeAtOnce, user: "alice:hunter2")
        #expect(seen.message.hasPrefix("the proxy 127.0.0.1:\(seen.proxyPort) (--proxy) closed the connection before answering the request for a tunnel to 127.0.0.1:\(seen.originPort)"), "\(seen.message)")
        #expect(!seen.message.contains("hunter2"))
    }

    @Test func aProxyThatSendsGarbageIsNamedNotTheServer() async throws {
        let seen = try await failure(.garbage, user: nil)
        #expect(seen.message.hasPrefix("the proxy 127.0.0.1:\(seen.proxyPort) (--proxy) answered the request for a tunnel to 127.0.0.1:\(seen.originPort) with something that is not HTTP"), "\(seen.message)")
    }

    /// Behind a proxy that opens the tunnel, a server that closes before answering is the one
    /// named, and the message says which proxy the request went through.
    @Test func aServerThatClosesBehindAWorkingProxyIsNamedWithTheProxy() async throws {
        try #require(TinyProxy.exists, "\(TinyProxy.missingMessage)")
        try await TinyProxy.with { proxy in
            try await withRawServer(.closeBeforeAnswer) { port in
                var options = SourceOptions.faults(clock: TestClock(), retries: 0, timeout: .seconds(30))
                options.proxy = proxy.url()
                let messages = try await loaderMessages(url: "http://127.0.0.1:\(port)/items", options: options)
                let message = try #require(messages.last?.failed?.message, "\(messages)")
                #expect(message == "127.0.0.1:\(port) closed the connection before answering (via the proxy 127.0.0.1:\(proxy.port))")
            }
        }
    }
}
