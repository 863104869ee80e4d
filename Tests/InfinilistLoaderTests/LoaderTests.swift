import InfinilistCore
import InfinilistLoader
import Testing

@Suite struct LoaderTests {
    @Test func loadsPagesInOrderAndLearnsTheirKeys() async throws {
        let inbox = MessageInbox()
        let loader = Loader(source: DemoSource(items: 75, pageSize: 50, latency: .zero), deliver: inbox.deliver)
        await loader.start(request(1, page: 0))
        let first = try #require(await inbox.wait(for: 1).first?.loaded)
        #expect(first.request == request(1, page: 0))
        #expect(first.items.count == 50)
        #expect(first.end == nil)
        #expect(first.latency >= 0)
        #expect(await loader.key(forPage: 1) == PageKey(index: 1, page: 2, offset: 50))

        await loader.start(request(2, page: 1))
        let second = try #require(await inbox.wait(for: 2).last?.loaded)
        #expect(second.items.count == 25)
        #expect(second.end == EndReason("end of demo feed"))
        await loader.shutdown()
    }

    @Test func aCancelledRequestDeliversNothing() async throws {
        let inbox = MessageInbox()
        let loader = Loader(source: DemoSource(latency: .seconds(30)), deliver: inbox.deliver)
        await loader.start(request(1, page: 0))
        #expect(await loader.isInFlight(page: 0))
        await loader.cancel(RequestID(1))
        #expect(await loader.isInFlight(page: 0) == false)
        await loader.shutdown()   // returns only once the 30 s fetch has been cancelled
        #expect(inbox.all.isEmpty)
    }

    @Test func cancelAllSilencesEveryRequest() async throws {
        let inbox = MessageInbox()
        let loader = Loader(source: DemoSource(latency: .milliseconds(200)), deliver: inbox.deliver)
        await loader.start(request(1, page: 0))
        await loader.cancelAll()
        try await Task.sleep(for: .milliseconds(400))
        #expect(inbox.all.isEmpty)
        // The page can be asked for again afterwards.
        await loader.start(request(2, page: 0))
        #expect(await inbox.wait(for: 1).first?.loaded?.request.id == RequestID(2))
        await loader.shutdown()
    }

    @Test func singleFlightIgnoresASecondStartForTheSamePage() async throws {
        let inbox = MessageInbox()
        let source = CountingSource(inner: DemoSource(latency: .milliseconds(100)))
        let loader = Loader(source: source, deliver: inbox.deliver)
        await loader.start(request(1, page: 0))
        await loader.start(request(2, page: 0))
        let messages = await inbox.wait(for: 1)
        try await Task.sleep(for: .milliseconds(250))
        #expect(messages.first?.loaded?.request.id == RequestID(1))
        #expect(inbox.all.count == 1)
        #expect(source.fetches.count == 1)
        await loader.shutdown()
    }

    @Test func aPageWhoseKeyIsUnknownFailsAtOnce() async throws {
        let inbox = MessageInbox()
        let loader = Loader(source: DemoSource(items: 10, latency: .zero), deliver: inbox.deliver)
        await loader.start(request(1, page: 3))
        let failure = try #require(await inbox.wait(for: 1).first?.failed)
        #expect(failure.request == request(1, page: 3))
        #expect(failure.message == "page 4 cannot be requested before page 3 has loaded")

        await loader.start(request(2, page: 0))
        _ = await inbox.wait(for: 2)
        await loader.start(request(3, page: 1))
        let past = try #require(await inbox.wait(for: 3).last?.failed)
        #expect(past.message.contains("past the end"))
        await loader.shutdown()
    }

    @Test func knownPagesCanBeRequestedAgain() async throws {
        let inbox = MessageInbox()
        let source = CountingSource(inner: DemoSource(pageSize: 10, latency: .zero))
        let loader = Loader(source: source, deliver: inbox.deliver)
        for (id, page) in [(1, 0), (2, 1), (3, 2), (4, 0), (5, 1)] {
            await loader.start(request(id, page: page))
            _ = await inbox.wait(for: id)
        }
        let results = inbox.all.compactMap(\.loaded)
        #expect(results.map(\.request.id.value) == [1, 2, 3, 4, 5])
        #expect(results[3].items == results[0].items)   // refresh of page 0
        #expect(results[4].items == results[1].items)   // re-fetch of a page, e.g. after it was dropped
        #expect(source.fetches.all.map(\.offset) == [0, 10, 20, 0, 10])
        await loader.shutdown()
    }

    @Test func aRestartForgetsLaterKeys() async throws {
        let inbox = MessageInbox()
        // Slow enough that the restarted page 0 is still in flight when its keys are looked at.
        let loader = Loader(source: DemoSource(latency: .seconds(2)), deliver: inbox.deliver)
        await loader.start(request(1, page: 0))
        // Waits for the page itself (a message). Its timer resumes on the cooperative pool, so
        // this test needs the pool free: CPU-bound tests run on threads of their own
        // (`.ownThread`), which is what once left this 2 s page unanswered for 30 s.
        _ = await inbox.wait(for: 1)
        #expect(await loader.key(forPage: 1) != nil)
        await loader.start(PageRequest(id: RequestID(2), page: 0, purpose: .restart))
        #expect(await loader.key(forPage: 1) == nil)
        #expect(await loader.key(forPage: 0) == PageKey(page: 1, offset: 0))
        await loader.shutdown()
    }
}
