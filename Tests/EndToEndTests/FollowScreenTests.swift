import Foundation
import Hummingbird
import Testing
import TestSupport

/// Following a live list on a real terminal (tmux), against a local server whose first page the
/// test makes grow: new items go above without moving the screen ("↑ N new"), Home shows them,
/// and F turns following on and off. Serialized: each pane polls every second.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end follow tests skipped"))
struct FollowScreenTests {
    private let patience: Duration = .seconds(30)

    /// Runs `body` with `feed` served on 127.0.0.1; the URL of its pages.
    static func serving<T: Sendable>(_ feed: GrowingFeed, _ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        feed.route(on: router)
        return try await withLocalServer(router: router) { port in
            try await body(feed.url(port: port))
        }
    }

    /// The row the cursor is on.
    private static func pointed(_ rows: [String]) -> String? { rows.first { $0.hasPrefix(">") } }

    @Test func newItemsArriveAboveWhileTheCursorStaysOnItsItemAndHomeShowsThem() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 100, perPage: 50)
        try await Self.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--follow", "1s", url])
            defer { tmux.close() }
            let first = try await tmux.waitFor("the first page", timeout: patience) { StatusCounts($0)?.loaded == 50 }
            #expect(first.contains { $0.contains("follow 1s") })
            try tmux.send("Down", "Down", "Down")
            let before = try await tmux.waitFor("row 4", timeout: patience) { StatusCounts($0)?.row == 4 }
            #expect(Self.pointed(before)?.contains("item 97") == true)
            feed.grow(2)
            let after = try await tmux.waitFor("'↑ 2 new'", timeout: patience) { $0.contains { $0.contains("↑ 2 new") } }
            // The cursor is on the same item, on the same screen row, and the screen did not move.
            #expect(Self.pointed(after)?.contains("item 97") == true)
            #expect(after.firstIndex { $0.hasPrefix(">") } == before.firstIndex { $0.hasPrefix(">") })
            #expect(Array(after.dropLast()) == Array(before.dropLast()))
            // Row 6 of at least 52: the second page may have arrived meanwhile (the prefetch), read
            // after the growth, so its first two items, already above, are not counted twice.
            #expect(StatusCounts(after)?.row == 6)
            #expect((StatusCounts(after)?.loaded ?? 0) >= 52)
            try tmux.send("Home")
            let top = try await tmux.waitFor("the new items at the top", timeout: patience) { rows in
                StatusCounts(rows)?.row == 1 && !rows.contains { $0.contains("↑") }
            }
            #expect(Self.pointed(top)?.contains("item 102") == true)
            #expect(top.contains { $0.contains("item 101") })
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
        }
    }

    /// The README's example, on a GitHub-shaped replica that grows: no `{page}` in the URL, the
    /// next page through `Link`, `ETag` and 304s.
    @Test func aGrowingGitHubReplicaIsFollowed() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 60, perPage: 30, style: .gitHub)
        try await Self.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--follow", "1s", url])
            defer { tmux.close() }
            try await tmux.waitFor("the first page", timeout: patience) { StatusCounts($0)?.loaded == 30 }
            try tmux.send("Down", "Down")
            let before = try await tmux.waitFor("row 3", timeout: patience) { StatusCounts($0)?.row == 3 }
            #expect(Self.pointed(before)?.contains("item 58") == true)
            let polled = feed.exchanges.count
            try await tmux.waitFor("a 304", timeout: patience) { _ in feed.exchanges.dropFirst(polled).contains { $0.status == 304 } }
            feed.grow(3)
            let after = try await tmux.waitFor("'↑ 3 new'", timeout: patience) { $0.contains { $0.contains("↑ 3 new") } }
            #expect(Self.pointed(after)?.contains("item 58") == true)
            try tmux.send("g")
            let top = try await tmux.waitFor("the new items at the top", timeout: patience) { StatusCounts($0)?.row == 1 }
            #expect(Self.pointed(top)?.contains("item 63") == true)
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
        }
    }

    /// More than ten pages of new items at once: a gap row stands between the new and the old,
    /// and Enter on it loads the rest in its place.
    @Test func aGapRowStandsForMoreThanTenPagesAndEnterFillsIt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 20, perPage: 5)
        try await Self.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--follow", "1s", url])
            defer { tmux.close() }
            // The whole list first: a page of it read after the growth would hold new items.
            try await tmux.waitFor("the end of the list", timeout: patience) { rows in
                StatusCounts(rows)?.loaded == 20 && rows.contains { $0.contains("end of list") }
            }
            try tmux.send("Down")
            try await tmux.waitFor("row 2", timeout: patience) { StatusCounts($0)?.row == 2 }
            feed.grow(60)
            // Ten pages (50 items) above, then the gap row, then the list as it was: the cursor's
            // item is row 53 now. (The list is short, so the screen shows some of the new rows.)
            let after = try await tmux.waitFor("the gap row", timeout: patience) { $0.contains { $0.contains("… more new items — Enter loads them") } }
            #expect(Self.pointed(after)?.contains("item 19") == true)
            #expect(StatusCounts(after) == StatusCounts(row: 53, loaded: 71))
            try tmux.send("Home")
            try await tmux.waitFor("the top", timeout: patience) { StatusCounts($0)?.row == 1 }
            for _ in 0..<5 { try tmux.send("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down") }
            let atGap = try await tmux.waitFor("the gap row under the cursor", timeout: patience) { StatusCounts($0)?.row == 51 }
            #expect(Self.pointed(atGap)?.contains("… more new items — Enter loads them") == true)
            try tmux.send("Enter")
            let filled = try await tmux.waitFor("item 30 in the gap's place", timeout: patience) { rows in
                Self.pointed(rows)?.contains("item 30") == true
            }
            #expect(!filled.contains { $0.contains("more new items") })
            // The gap's row is the first of the ten items it stood for: 80 rows, none twice.
            #expect(StatusCounts(filled) == StatusCounts(row: 51, loaded: 80))
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
        }
    }

    @Test func untouchedTheNewItemsSimplyAppearAtTheTop() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 100, perPage: 50)
        try await Self.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--follow", "1s", url])
            defer { tmux.close() }
            try await tmux.waitFor("the first page", timeout: patience) { StatusCounts($0)?.loaded == 50 }
            feed.grow(3)
            let rows = try await tmux.waitFor("53 rows", timeout: patience) { StatusCounts($0)?.loaded == 53 }
            #expect(Self.pointed(rows)?.contains("item 103") == true)
            #expect(!rows.contains { $0.contains("↑") })
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
        }
    }

    @Test func FTurnsFollowingOnAndOff() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 100, perPage: 50)
        try await Self.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: [url])
            defer { tmux.close() }
            let first = try await tmux.waitFor("the first page", timeout: patience) { StatusCounts($0)?.loaded == 50 }
            #expect(!first.contains { $0.contains("follow") })
            try tmux.send("Down")
            feed.grow(2)
            // F polls at once: the two new items go above.
            try tmux.send("F")
            let on = try await tmux.waitFor("'↑ 2 new'", timeout: patience) { $0.contains { $0.contains("↑ 2 new") } }
            #expect(on.contains { $0.contains("follow 30s") })
            #expect(on.contains { $0.contains("following: new items every 30s (F stops)") })
            #expect(Self.pointed(on)?.contains("item 99") == true)
            try tmux.send("F")
            let off = try await tmux.waitFor("following stopped", timeout: patience) { $0.contains { $0.contains("following stopped") } }
            #expect(!off.contains { $0.contains("follow 30s") })
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
        }
    }
}

extension StatusCounts {
    init(row: Int, loaded: Int) {
        self = StatusCounts(["infinilist · row \(row)/\(loaded)"])!
    }
}
