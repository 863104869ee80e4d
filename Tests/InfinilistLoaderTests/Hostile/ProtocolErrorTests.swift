import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Failures below HTTP are said in words (what happened, with which host, which limit), not in
/// the parser's or NIO's terms ("invalid constant string", "I/O on closed channel").
@Suite struct ProtocolErrorTests {
    @Test(arguments: [
        (RawBehaviour.garbage, "the answer from 127.0.0.1:PORT was not valid HTTP"),
        (.closeBeforeAnswer, "127.0.0.1:PORT closed the connection before answering"),
        (.closeMidAnswer, "127.0.0.1:PORT closed the connection in the middle of its answer"),
        (.reset, "the connection was reset by 127.0.0.1:PORT before it answered"),
    ])
    func aBrokenAnswerIsSaidInWords(behaviour: RawBehaviour, expected: String) async throws {
        try await withRawServer(behaviour) { port in
            // A generous --timeout: each answer fails at once, but a loaded CI machine once took
            // longer than the 5 s default to see the reset.
            let options = SourceOptions.faults(clock: TestClock(), retries: 0, timeout: .seconds(30))
            let messages = try await loaderMessages(url: "http://127.0.0.1:\(port)/items", options: options)
            let failure = try #require(messages.last?.failed, "\(messages)")
            #expect(failure.message == expected.replacingOccurrences(of: "PORT", with: String(port)))
        }
    }

    @Test func aRefusedConnectionIsSaidInWords() async throws {
        // On 127.0.0.9, where no test server listens: a port just closed on 127.0.0.1 may be taken
        // by another test's server before the request is made.
        let port = try await closedPort()
        let messages = try await loaderMessages(url: "http://127.0.0.9:\(port)/items", options: .faults(clock: TestClock(), retries: 0))
        let failure = try #require(messages.last?.failed, "\(messages)")
        #expect(failure.message == "127.0.0.9:\(port) refused the connection (nothing listening on that port?)")
    }

    /// The connection limit (10 s by default, here 1 s) is not --timeout: the message names it.
    /// (It once read "no complete answer within 30 s".)
    @Test func aTLSHandshakeThatNeverEndsNamesTheConnectionLimit() async throws {
        try await withRawServer(.silent) { port in
            var options = SourceOptions.faults(clock: TestClock(), retries: 0, timeout: .seconds(20))
            options.connectTimeout = .seconds(1)
            let messages = try await loaderMessages(url: "https://127.0.0.1:\(port)/items", options: options)
            let failure = try #require(messages.last?.failed, "\(messages)")
            #expect(failure.message == "could not connect to 127.0.0.1:\(port) within the connection limit of 1 s (TCP connection and TLS handshake)")
        }
    }

    @Test func anHTTPSRequestToAPlainHTTPServerIsATLSFailure() async throws {
        try await withFaultServer { server in
            let url = server.base.replacingOccurrences(of: "http://", with: "https://") + "/pages"
            let messages = try await loaderMessages(url: url, options: .faults(clock: TestClock(), retries: 0))
            let failure = try #require(messages.last?.failed, "\(messages)")
            #expect(failure.message.hasPrefix("the TLS handshake with 127.0.0.1:"), "\(failure.message)")
        }
    }
}
