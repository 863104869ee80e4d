import InfinilistCore
@testable import InfinilistLoader
import InfinilistRuntime
import Testing

/// Transient failures are retried with backoff against the real test server; everything else is
/// not; the failure that remains reaches the core (and `--dump`) with a message.
@Suite struct RetryTests {
    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func aTransientStatusIsRetriedAndThePageArrives(status: Int) async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/fail-once/\(status)?page={page}", options: .faults(clock: clock))
            let loaded = try #require(messages.last?.loaded)
            #expect(loaded.items.map(\.text) == (1...5).map { "Item \($0)" })
            #expect(server.log.count("/fail-once/\(status)?page=1") == 2)
            // One backoff (no Retry-After): full jitter pinned to its cap, 0.5 s for the first retry.
            #expect(clock.sleeps.all == [0.5])
            let wait = try #require(messages.first?.waiting)
            // Shown as the wait done: 0.5 s, not rounded up to 1 s.
            #expect(wait.seconds == 0.5)
            #expect(wait.seconds.seconds == clock.sleeps.all.reduce(0, +))
            #expect(wait.isRetry)
            let reason = status == 429 ? "rate limited by " : "HTTP \(status) "
            #expect(wait.reason.hasPrefix(reason), "\(wait.reason)")
        }
    }

    @Test func backoffGrowsThenTheFailureReachesTheCoreNamingTheRetries() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/fail-always/503?page={page}", options: .faults(clock: clock, retries: 3))
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("HTTP 503 Service Unavailable from 127.0.0.1:"))
            #expect(failure.message.hasSuffix(": it is not you, it is us (gave up after 3 retries)"))
            #expect(server.log.count("/fail-always/503?page=1") == 4)
            // Exponential: caps of 0.5, 1 and 2 s (jitter pinned to the cap).
            #expect(clock.sleeps.all.reduce(0, +) == 3.5)
            let reasons = messages.compactMap(\.waiting).map(\.reason)
            #expect(reasons.contains { $0.hasSuffix("(retry 3 of 3)") })
        }
    }

    @Test func aRefusedConnectionIsRetriedThenReported() async throws {
        let clock = TestClock()
        let messages = try await loaderMessages(url: "http://127.0.0.1:9/?page={page}", options: .faults(clock: clock, retries: 2))
        let failure = try #require(messages.last?.failed)
        #expect(failure.message == "127.0.0.1:9 refused the connection (nothing listening on that port?) (gave up after 2 retries)")
        #expect(clock.sleeps.all == [0.5, 1.0])
    }

    @Test(arguments: [400, 401, 404, 410, 422])
    func aClientErrorIsNotRetriedAndNamesStatusAndMessage(status: Int) async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/fail-always/\(status)?page={page}", options: .faults(clock: clock))
            let failure = try #require(messages.last?.failed)
            #expect(failure.message.hasPrefix("HTTP \(status) "))
            #expect(failure.message.hasSuffix(": it is not you, it is us"))
            #expect(!failure.message.contains("retr"))
            #expect(server.log.count("/fail-always/\(status)?page=1") == 1)
            #expect(clock.sleeps.all.isEmpty)
            #expect(messages.count == 1)
        }
    }

    @Test func withRetriesZeroTheFirstFailureIsFinal() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let messages = try await loaderMessages(url: "\(server.base)/fail-once/500?page={page}", options: .faults(clock: clock, retries: 0))
            #expect(messages.count == 1)
            #expect(messages.first?.failed?.message.hasSuffix(": try again later") == true)
            #expect(server.log.count("/fail-once/500?page=1") == 1)
        }
    }

    /// The core keeps what it has when a later page fails, shows the error in the footer, and `r`
    /// asks for the page again (here it then arrives).
    @Test func itemsAlreadyLoadedStayAndRRetriesByHand() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            try await withHTTPSource(url: "\(server.base)/fail-once/500?page={page}", options: .faults(clock: clock, retries: 0)) { source in
                let inbox = MessageInbox()
                let loader = Loader(source: source, deliver: inbox.deliver)
                try await withShutdown(of: loader) { () async throws in
                    var state = AppState(config: AppConfig(sourceName: "test", prefetch: 100), size: Size(rows: 10, columns: 80))
                    var answered = 0
                    func run(_ effects: [Effect]) async {
                        for case .load(let request) in effects { await loader.start(request) }
                    }
                    func settle() async {
                        // Feed the loader's answers back until nothing is loading.
                        while case .loading = state.loading.tail {
                            answered += 1
                            let messages = await waitForAnswers(inbox, count: answered)
                            for message in messages.suffix(from: messages.count - 1) { await run(state.update(message)) }
                        }
                    }
                    await run(state.start())
                    await settle()   // page 1: fails once (retries 0)
                    #expect(state.loading.tail == .failed(page: 0, message: try #require(inbox.all.last?.failed?.message)))
                    await run(state.update(.key(.char("r"))))
                    await settle()   // page 1 again, then page 2 fails once, and so on
                    #expect(state.store.itemCount == 5)
                    guard case .failed(let page, _) = state.loading.tail else { Issue.record("expected a failure, got \(state.loading.tail)"); return }
                    #expect(page == 1)
                    #expect(render(state).text.contains("✗ page 2 failed (r to retry): HTTP 500 Internal Server"))
                    await run(state.update(.key(.char("r"))))
                    await settle()
                    #expect(state.store.itemCount >= 10)
                }
            }
        }
    }

    /// `-v` names the request that failed, as it names those that answered (hostile pass 3).
    @Test func verboseNamesTheRequestThatFailed() async throws {
        try await withFaultServer { server in
            let source = try HTTPSource(url: "\(server.base)/second-fails?page={page}", options: .faults(clock: TestClock(), retries: 0))
            let run = await ScreenModel.browse(source: source)
            await source.close()
            #expect(run.notes.contains { $0.hasPrefix("GET \(server.base)/second-fails?page=1: HTTP 200") }, "\(run.notes)")
            #expect(run.notes.contains { $0.hasPrefix("GET \(server.base)/second-fails?page=2: HTTP 503 Service Unavailable from 127.0.0.1:") }, "\(run.notes)")
        }
    }

    @Test func dumpWritesWhatItLoadedThenFailsNonZero() async throws {
        try await withFaultServer { server in
            let clock = TestClock()
            let source = try HTTPSource(url: "\(server.base)/second-fails?page={page}", options: .faults(clock: clock, retries: 1))
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper().run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == 1)
            #expect(output.lines.count == 5)
            #expect(errors.lines.last?.contains("HTTP 503 Service Unavailable from 127.0.0.1:") == true)
            #expect(errors.lines.last?.contains("maintenance (gave up after 1 retry) (page 2; 5 items written)") == true)
            // The pause before the retry is said once on stderr.
            #expect(errors.lines.filter { $0.hasPrefix("infinilist: page 2: HTTP 503 Service Unavailable from 127.0.0.1:") }.count == 1)
            // Said as the wait done: the 0.5 s backoff (jitter pinned to its cap), not rounded up to 1 s.
            #expect(errors.lines.first?.hasSuffix("(retry 1 of 1); retrying in 0.5 s") == true, "\(errors.lines)")
        }
    }
}
