import InfinilistCore
@testable import InfinilistLoader
import InfinilistRuntime
import Testing

/// Leaving the program or superseding a request cancels the HTTP request itself: the server sees
/// its client go away (its response stream fails) or never gets to answer.
@Suite struct CancellationTests {
    @Test func supersedingARequestClosesTheConnection() async throws {
        try await withFaultServer { server in
            let source = try HTTPSource(url: "\(server.base)/slow-stream", options: .faults(clock: TestClock()))
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            await loader.start(PageRequest(id: RequestID(1), page: 0))
            #expect(await server.log.waitForEvent("started"))
            await loader.cancel(RequestID(1))
            #expect(await server.log.waitForEvent("closed"), "the server never saw the client go away")
            await loader.shutdown()
            await source.close()
            #expect(inbox.all.isEmpty)
        }
    }

    @Test func quittingCancelsTheRequestInFlight() async throws {
        try await withFaultServer { server in
            let source = try HTTPSource(url: "\(server.base)/slow-stream", options: .faults(clock: TestClock()))
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            await loader.start(PageRequest(id: RequestID(1), page: 0))
            #expect(await server.log.waitForEvent("started"))
            await loader.shutdown()   // what quitting does
            await source.close()
            #expect(await server.log.waitForEvent("closed"), "the request was not cancelled")
            #expect(inbox.all.isEmpty)
        }
    }

    @Test func cancellingARetryWaitStopsAtOnce() async throws {
        try await withFaultServer { server in
            // The real clock: a 120 s wait (Retry-After) that cancellation must cut short.
            var options = SourceOptions()
            options.retry.retries = 1
            let source = try HTTPSource(url: "\(server.base)/rate-limited/retry-after-long?page={page}", options: options)
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            await loader.start(PageRequest(id: RequestID(1), page: 0))
            _ = await inbox.wait(for: 1)
            await loader.shutdown()
            await source.close()
            #expect(inbox.all.allSatisfy { $0.waiting != nil })
            #expect(server.log.count("/rate-limited/retry-after-long?page=1") == 1)
        }
    }

    @Test func interruptingADumpCancelsItsRequest() async throws {
        try await withFaultServer { server in
            let source = try HTTPSource(url: "\(server.base)/slow-stream", options: .faults(clock: TestClock()))
            let output = LineCollector()
            let errors = LineCollector()
            let task = Task { await Dumper().run(source: source, output: output, errors: errors) }
            #expect(await server.log.waitForEvent("started"))
            task.cancel()   // what SIGINT does in --dump
            #expect(await task.value == 1)
            #expect(await server.log.waitForEvent("closed"))
            await source.close()
        }
    }
}
