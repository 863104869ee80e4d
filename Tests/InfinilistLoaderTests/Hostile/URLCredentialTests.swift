import InfinilistCore
@testable import InfinilistLoader
import Testing

/// `http://user:password@host/…` is sent as HTTP Basic auth to that origin only (the rule `-H`
/// headers follow), never in the URL itself, and the password is never shown: not in `-v` lines,
/// not in error messages, not in end reasons.
@Suite struct URLCredentialTests {
    /// `http://127.0.0.1:PORT/path` → `http://ann:s3cret%2F@127.0.0.1:PORT/path`.
    private func withCredentials(_ url: String, user: String = "ann", password: String = "s3cret%2F") -> String {
        guard let separator = url.range(of: "://") else { return url }
        return url.replacingCharacters(in: separator, with: "://\(user):\(password)@")
    }

    @Test func theUserAndPasswordAreSentAsBasicAuth() async throws {
        try await withFaultServer { server in
            let messages = try await loaderMessages(url: withCredentials("\(server.base)/whoami"), options: .faults(clock: TestClock()))
            // "ann:s3cret/" in Base64: the password is percent-decoded first.
            #expect(messages.last?.loaded?.items.first?.text == "authorization: Basic YW5uOnMzY3JldC8=", "\(messages)")
            #expect(server.log.all.map(\.uri) == ["/whoami"])
        }
    }

    @Test func aRedirectToAnotherOriginGetsNoAuthorization() async throws {
        try await withTwoFaultServers { first, second in
            let url = withCredentials("\(first.base)/redirect?to=\(second.base)/whoami")
            let messages = try await loaderMessages(url: url, options: .faults(clock: TestClock()))
            #expect(messages.last?.loaded?.items.first?.text == "authorization: none", "\(messages)")
            #expect(first.log.all.first?.authorization == "Basic YW5uOnMzY3JldC8=")
            #expect(second.log.all.count == 1)
            #expect(second.log.all.allSatisfy { $0.authorization == nil })
        }
    }

    @Test func aHeaderGivenWithHWinsOverTheURLsCredentials() async throws {
        try await withFaultServer { server in
            var options = SourceOptions.faults(clock: TestClock())
            options.headers = ["Authorization: Bearer from-h"]
            let messages = try await loaderMessages(url: withCredentials("\(server.base)/whoami"), options: options)
            #expect(messages.last?.loaded?.items.first?.text == "authorization: Bearer from-h")
        }
    }

    @Test func verboseLinesShowTheUserButNeverThePassword() async throws {
        try await withFaultServer { server in
            let source = try HTTPSource(url: withCredentials("\(server.base)/linked?next=/fail-always/404"), options: .faults(clock: TestClock(), retries: 0))
            let inbox = MessageInbox()
            let notes = LockedList<String>()
            let loader = Loader(source: source, deliver: inbox.deliver, log: { notes.append($0) })
            for page in 0..<2 {
                await loader.start(PageRequest(id: RequestID(page + 1), page: page))
                _ = await waitForAnswers(inbox, count: page + 1)
            }
            await loader.shutdown()
            await source.close()
            let failure = try #require(inbox.all.last?.failed, "\(inbox.all)")
            let everything = notes.all + [failure.message] + inbox.all.compactMap { $0.loaded?.end?.text }
            #expect(notes.all.contains { $0.contains("GET http://ann:***@127.0.0.1:") }, "\(notes.all)")
            for line in everything {
                #expect(!line.contains("s3cret"), "\(line)")
            }
        }
    }

    @Test func aNextLinkThatCannotBeFollowedIsShownWithoutItsPassword() async throws {
        try await withFaultServer { server in
            let next = "http://bob:hunter2@127.0.0.1:70000/x"
            let url = "\(server.base)/linked?next=\(next.addingPercentEncodingForQuery())"
            let messages = try await loaderMessages(url: url, options: .faults(clock: TestClock()), pages: 2)
            let end = try #require(messages.last?.loaded?.end?.text)
            #expect(end == "the next link 'http://bob:***@127.0.0.1:70000/x' (Link rel=next) has port 70000; ports go up to 65535")
        }
    }

    @Test func aMalformedHeaderIsNamedWithoutItsValue() async {
        for line in ["Authorization Bearer hunter2", "X-Token: hunter2\r\nHost: evil", "Bad Name: hunter2"] {
            var options = SourceOptions()
            options.headers = [line]
            // Through `withHTTPSource`: should the header be accepted, the source made is closed (a
            // client dropped unclosed would stop the whole test run instead of failing this test).
            await #expect {
                try await withHTTPSource(url: "https://api.example.com/items", options: options) { _ in }
            } throws: { error in
                let message = String(describing: error)
                return message.hasPrefix("malformed header") && !message.contains("hunter2")
            }
        }
    }
}
