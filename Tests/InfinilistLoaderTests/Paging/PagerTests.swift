import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The rules every style shares: loops, runs of empty pages, `--max-pages`, duplicates; and that
/// none of them gets in the way of fetching a known page again or refreshing.
@Suite struct PagerTests {
    private func cursorPager(maxPages: Int? = nil) -> PagerRun {
        PagerRun(Pager(
            style: CursorStyle(template: template("https://x.example/?c={cursor}"), firstPage: 1, pageSize: 3, cursorPath: nil),
            shape: ItemShape(),
            maxPages: maxPages
        ))
    }

    private func cursorPage(_ cursor: String, items: Int = 2) -> PageResponse {
        response(#"{"items": \#(itemsJSON(items)), "next_cursor": "\#(cursor)"}"#)
    }

    /// Walks `cursors` (each page's next cursor) and returns the end reason, if any.
    private func walk(_ pager: PagerRun, _ cursors: [String], items: Int = 2) -> (keys: [PageKey], end: String?) {
        var key = pager.firstKey()
        var keys = [key]
        for cursor in cursors {
            let page = pager.page(for: key, response: cursorPage(cursor, items: items))
            guard let next = page.next else { return (keys, page.end?.text) }
            key = next
            keys.append(next)
        }
        return (keys, nil)
    }

    @Test func aCursorCycleOfAnyLengthStops() {
        #expect(walk(cursorPager(), ["a", "a"]).end == "cursor repeated an earlier one")
        #expect(walk(cursorPager(), ["a", "b", "c", "a"]).end == "cursor repeated an earlier one")
        #expect(walk(cursorPager(), ["a", "b", "c", "d"]).end == nil)
    }

    @Test func aPageFetchedAgainIsNotALoop() {
        let pager = cursorPager()
        let (keys, end) = walk(pager, ["a", "b", "c"])
        #expect(end == nil)
        // Re-fetch page 2 (index 1) by its key, as after a retry or a drop from memory.
        let again = pager.page(for: keys[1], response: cursorPage("b"))
        #expect(again.next?.cursor == "b")
        #expect(again.end == nil)
    }

    @Test func aRefreshStartsTheHistoryOver() {
        let pager = cursorPager()
        _ = walk(pager, ["a", "b", "c"])
        pager.restart()
        // After new items arrived, the first page's cursor is what page 3's used to be.
        let (_, end) = walk(pager, ["b", "c", "d"])
        #expect(end == nil)
    }

    @Test func aRunOfEmptyPagesStops() {
        let (keys, end) = walk(cursorPager(), (1...20).map { "c\($0)" }, items: 0)
        #expect(end == "10 empty pages in a row")
        #expect(keys.count == 10)
        #expect(walk(cursorPager(), (1...9).map { "c\($0)" }, items: 0).end == nil)
    }

    @Test func maxPagesStops() {
        let (keys, end) = walk(cursorPager(maxPages: 3), ["a", "b", "c", "d"])
        #expect(end == "--max-pages 3 reached")
        #expect(keys.count == 3)
    }

    @Test func aPageNumberAPIThatRepeatsItsPageStops() {
        let pager = PagerRun(Pager(
            style: PageCounterStyle(template: template("https://x.example/?p={page}"), firstPage: 1, pageSize: 2),
            shape: ItemShape(),
            maxPages: nil
        ))
        let same = response(#"[{"title": "a"}, {"title": "b"}]"#)
        let first = pager.page(for: PageKey(page: 1), response: same)
        let second = first.next.map { pager.page(for: $0, response: same) }
        #expect(second?.end == EndReason("page 2 repeats page 1: the API may ignore the paging parameter"))
        // Fetching page 1 again is not a repeat of anything.
        #expect(pager.page(for: PageKey(page: 1), response: same).next != nil)
    }

    @Test func theEndIsExplainedInTheNotes() {
        let page = cursorPager().page(for: PageKey(page: 1), response: response(#"{"items": [1], "next_cursor": null}"#))
        #expect(page.notes.last == "stopped: no cursor (next_cursor is null)")
        #expect(page.end == EndReason("no cursor (next_cursor is null)"))
    }
}

/// Dropping items already seen: by `--id` in every style, by a detected id only on page and
/// offset APIs, never an item of a page fetched again, and with bounded memory.
@Suite struct DeduplicationTests {
    private func counterPager(idPath: String? = nil) throws -> PagerRun {
        PagerRun(Pager(
            style: PageCounterStyle(template: template("https://x.example/?page={page}"), firstPage: 1, pageSize: 3),
            shape: try ItemShape(format: nil, idPath: idPath),
            maxPages: nil
        ))
    }

    /// The items' `id` fields, read from their JSON (an auto-detected id is not stored in `Item.id`).
    private func ids(_ page: FetchedPage) -> [String] {
        page.items.compactMap { item in (try? JSONParser.parse(item.json))?.objectValue?["id"]?.scalarText }
    }

    @Test func shiftedItemsAreDroppedByAnAutoDetectedId() throws {
        let pager = try counterPager()
        let first = pager.page(for: PageKey(page: 1), response: response(itemsJSON(3, from: 1)))
        #expect(ids(first) == ["1", "2", "3"])
        #expect(first.items.allSatisfy { $0.id == nil })   // without --id, items keep no id
        #expect(first.notes.contains("dropping items already seen, by id (auto-detected; --id PATH to choose another field)"))
        let second = pager.page(for: try #require(first.next), response: response(itemsJSON(3, from: 3)))
        #expect(ids(second) == ["4", "5"])
        #expect(second.notes.contains("skipped 1 item already seen (same id)"))
        #expect(second.next?.offset == 6)   // offsets count what the server sent
        // Fetching page 2 again keeps its own items.
        let again = pager.page(for: try #require(first.next), response: response(itemsJSON(3, from: 3)))
        #expect(ids(again) == ["4", "5"])
    }

    @Test func idsAreOnlyGuessedWhenEveryItemHasADistinctOne() {
        #expect(detectedId([.object(["id": .number("1")]), .object(["id": .number("2")])])?.description == "id")
        #expect(detectedId([.object(["objectID": .string("a")]), .object(["objectID": .string("b")])])?.description == "objectID")
        #expect(detectedId([.object(["id": .number("1")]), .object(["id": .number("1")])]) == nil)
        #expect(detectedId([.object(["id": .number("1")]), .object(["name": .string("x")])]) == nil)
        #expect(detectedId([.object(["id": .object([:])])]) == nil)
        #expect(detectedId([.object(["name": .string("a")]), .object(["name": .string("b")])]) == nil)
        #expect(detectedId([.string("a"), .string("b")]) == nil)
        #expect(detectedId([]) == nil)
        // Items that are no objects have no fields and do not stop it: a string among the objects
        // is told by its JSON (hostile pass of session 30).
        #expect(detectedId([.object(["id": .number("1")]), .string("a line"), .object(["id": .number("2")]), .number("3")])?.description == "id")
        #expect(detectedId([.object(["id": .number("1")]), .string("x"), .object(["id": .number("1")])]) == nil)
    }

    /// What `IdDetection` finds in `values`, held as values and as compact JSON: the same.
    private func detectedId(_ values: [JSONValue]) -> JSONPath? {
        let found = IdDetection.detect(in: PageItems(values))
        #expect(IdDetection.detect(in: PageItems(compact: CompactItems(values))) == found)
        return found
    }

    @Test func cursorAndLinkAPIsAreNotDeduplicatedWithoutId() {
        let pager = PagerRun(Pager(
            style: NextLinkStyle(template: template("https://x.example/"), pageSize: 3, nextPath: nil),
            shape: ItemShape(),
            maxPages: nil
        ))
        let page = pager.page(for: PageKey(page: 1), response: response(#"{"results": [{"id": 1}, {"id": 1}]}"#))
        #expect(page.items.count == 2)
    }

    /// A next-link list (no id detected by default) with `--id idPath`.
    private func nextLinkPager(idPath: String) throws -> PagerRun {
        PagerRun(Pager(
            style: NextLinkStyle(template: template("https://x.example/"), pageSize: 3, nextPath: nil),
            shape: try ItemShape(format: nil, idPath: idPath),
            maxPages: nil
        ))
    }

    @Test func anExplicitIdDeduplicatesEveryStyle() throws {
        let pager = try nextLinkPager(idPath: "data.name")
        let page = pager.page(for: PageKey(page: 1), response: response(#"{"results": [{"data": {"name": "a"}}, {"data": {"name": "a"}}, {"x": 1}]}"#))
        #expect(page.items.map(\.id) == ["a", nil])
    }

    @Test func anObjectOrArrayIdIsItsCompactJSON() throws {
        let pager = try nextLinkPager(idPath: "key")
        let page = pager.page(for: PageKey(page: 1), response: response(#"{"results": [{"key": {"a": 1}}, {"key": [1, "x"]}, {"key": {"a": 1}}, {"key": null}]}"#))
        #expect(page.items.map(\.id) == [#"{"a":1}"#, #"[1,"x"]"#, nil])
    }

    @Test func everyIdOfTheListIsRemembered() throws {
        // Duplicates are dropped however far apart they come: a server that ignores the page
        // parameter may repeat page 1 after many pages.
        let pager = try counterPager(idPath: "id")
        var key = pager.firstKey()
        for page in 0..<40 {
            let fetched = pager.page(for: key, response: response(itemsJSON(3, from: page * 3 + 1)))
            key = try #require(fetched.next)
        }
        let again = pager.page(for: key, response: response(itemsJSON(4, from: 1)))
        #expect(ids(again) == [])
        #expect(again.notes.contains("skipped 4 items already seen (same id)"))
    }
}
