import InfinilistCore
import InfinilistLoader
import Testing

/// A page with no array at `--items PATH` lists the arrays it has, with their paths, and the one
/// nearest the path given (issue 33.4): `--items item` beside `items` said only "no array".
@Suite struct ItemsPathMessageTests {
    private func failureMessage(path: String, itemsPath: String?) async throws -> String {
        try await withTestServer { base, _ in
            var options = SourceOptions()
            options.itemsPath = itemsPath
            return try await withHTTPSource(url: base + path, options: options) { source in
                let inbox = MessageInbox()
                let loader = Loader(source: source, deliver: inbox.deliver)
                return try await withShutdown(of: loader) {
                    await loader.start(request(1, page: 0))
                    let failure = await inbox.wait(for: 1).first?.failed
                    return try #require(failure).message
                }
            }
        }
    }

    @Test func aMistypedItemsPathIsToldTheArraysThereAre() async throws {
        let message = try await failureMessage(path: "/list?page={page}", itemsPath: "item")
        #expect(message == "page 1 has no array at --items item; did you mean --items items? (its arrays: items (20 items))")
    }

    @Test func aPathFarFromEveryArrayListsThemAll() async throws {
        let message = try await failureMessage(path: "/list?page={page}", itemsPath: "data.children")
        #expect(message == "page 1 has no array at --items data.children (its arrays: items (20 items))")
    }
}
