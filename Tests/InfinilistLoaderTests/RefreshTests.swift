import InfinilistCore
import InfinilistLoader
import Testing

/// The loader's side of `R` / Ctrl-R against a real server: a request of kind `restart` fetches
/// page 0 again and forgets the keys learned for later pages, while a plain request for page 0 (a
/// retry, a re-fetch) keeps them.
@Suite struct RefreshTests {
    @Test func aRestartRequestRefetchesPageZeroAndForgetsLaterKeys() async throws {
        try await withTestServer { base, log in
            try await withHTTPSource(url: "\(base)/list?page={page}") { source in
                let inbox = MessageInbox()
                let loader = Loader(source: source, deliver: inbox.deliver)
                try await withShutdown(of: loader) {
                    for (id, page) in [(1, 0), (2, 1), (3, 2)] {
                        await loader.start(request(id, page: page))
                        _ = await inbox.wait(for: id)
                    }
                    #expect(await loader.key(forPage: 3) != nil)

                    await loader.start(PageRequest(id: RequestID(4), page: 0, purpose: .restart))
                    let refreshed = try #require(await inbox.wait(for: 4).last?.loaded)
                    #expect(refreshed.request.id == RequestID(4))
                    #expect(refreshed.items.first?.text == "Item 1")
                    #expect(log.all.filter { $0.hasPrefix("/list") } == [
                        "/list?page=1", "/list?page=2", "/list?page=3", "/list?page=1",
                    ])
                    // Page 1's key is learned again from the new page 0; pages 2 and 3 are forgotten.
                    #expect(await loader.key(forPage: 1) != nil)
                    #expect(await loader.key(forPage: 2) == nil)
                    #expect(await loader.key(forPage: 3) == nil)
                    await loader.start(request(5, page: 2))
                    let refused = try #require(await inbox.wait(for: 5).last?.failed)
                    #expect(refused.message == "page 3 cannot be requested before page 2 has loaded")
                }
            }
        }
    }

    @Test func aPlainRequestForPageZeroKeepsLaterKeys() async throws {
        try await withTestServer { base, _ in
            let source = try HTTPSource(url: "\(base)/list?page={page}", options: SourceOptions())
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            for (id, page) in [(1, 0), (2, 1), (3, 0)] {
                await loader.start(request(id, page: page))
                _ = await inbox.wait(for: id)
            }
            #expect(inbox.all.compactMap(\.loaded).count == 3)
            #expect(await loader.key(forPage: 2) != nil)
            await loader.shutdown()
            await source.close()
        }
    }

    @Test func aRestartCancelsThePageInFlight() async throws {
        try await withTestServer { base, _ in
            let source = try HTTPSource(url: "\(base)/slow?page={page}", options: SourceOptions())
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            await loader.start(request(1, page: 0))
            _ = await inbox.wait(for: 1)
            await loader.start(request(2, page: 1))
            #expect(await loader.isInFlight(page: 1))
            await loader.start(PageRequest(id: RequestID(3), page: 0, purpose: .restart))
            #expect(await loader.isInFlight(page: 1) == false)
            let messages = await inbox.wait(for: 2)
            #expect(messages.compactMap(\.loaded).map(\.request.id) == [RequestID(1), RequestID(3)])
            #expect(messages.compactMap(\.failed).isEmpty)
            await loader.shutdown()
            await source.close()
        }
    }
}
