import InfinilistCore
@testable import InfinilistLoader
import TestSupport
import Testing

/// The list's own walk after a poll put items above it, with the core, the real loader and a real
/// server whose pages are numbered: every item a poll put above pushes the server's pages down,
/// so the pages the walk reads next begin with items already shown, the poll's and its own. The
/// loader is the one place that drops them (decision 162): each item is shown once.
@Suite struct WalkAfterPollTests {
    @Test func theListReadToItsEndAfterABurstShowsEachItemOnce() async throws {
        let feed = GrowingFeed(count: 30, perPage: 5)
        try await FollowHarness.with(feed) { harness in
            try await harness.start()
            try await harness.press(.down)
            let read = harness.state.store.itemCount
            #expect(read < 30)
            // Twenty new items: more than the walk has read, so its next pages hold some of them.
            feed.grow(20)
            try await harness.tick(at: 30)
            #expect(harness.state.store.rowsAbove == 20)
            // End goes to the last row loaded, and the pages after it load: to the list's end.
            for _ in 0..<20 where !harness.state.loading.tail.isEnded { try await harness.press(.end) }
            #expect(harness.titles == feed.ids.map(GrowingFeed.title))
            #expect(harness.cursorTitle == "item 1")
        }
    }
}
