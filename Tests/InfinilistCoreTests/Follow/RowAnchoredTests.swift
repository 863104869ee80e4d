import Testing
@testable import InfinilistCore

/// Every holder of a row number (`RowAnchored`) moves with the one `RowEdit` a poll makes: after
/// new items go above the list, each still names the item it named before.
@Suite struct RowAnchoredTests {
    /// Items without ids: marks are kept by row, so they move only if the edit moves them.
    private static let list = (0..<30).map { Item(json: #"{"o":\#($0)}"#, text: "o\($0)") }

    private struct Held: Equatable {
        var cursor: String?
        var marked: [String]
        var detail: String?
    }

    private func held(_ state: AppState) -> Held {
        var detail: String?
        if case .detail(let view) = state.mode { detail = state.store.item(at: view.row)?.json }
        // The rows that show as marked: a mark by row that stayed behind marks another item.
        let marked = (0..<state.store.itemCount).compactMap { row in
            state.store.item(at: row).flatMap { state.marks.isMarked($0, row: row) ? $0.json : nil }
        }
        return Held(cursor: state.selectedItem?.json, marked: marked, detail: detail)
    }

    @Test(arguments: 0..<24)
    func everyHolderKeepsItsItemAcrossPolls(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        var state = followed(Self.list, size: Size(rows: 8, columns: 40))
        for _ in 0..<Int.random(in: 1..<12, using: &random) { _ = state.update(.key(.tab), at: 1) }
        for _ in 0..<Int.random(in: 0..<12, using: &random) { _ = state.update(.key(.down), at: 1) }
        if Bool.random(using: &random) {
            let row = try #require(state.cursorStoreRow)
            state.mode = .detail(DetailView(row: row, item: try #require(state.store.item(at: row))))
        }
        let before = held(state)
        #expect(!before.marked.isEmpty)
        var made = 0
        for round in 1...4 {
            let count = Int.random(in: 0..<6, using: &random)
            let fresh = (made..<(made + count)).map { Item(json: #"{"n":\#($0)}"#, text: "n\($0)") }.reversed()
            made += count
            let top = try #require(state.store.item(at: 0))
            _ = state.tick(at: Double(round) * 10)
            state.answerPoll(Array(fresh) + [top], at: Double(round) * 10)
            #expect(state.store.itemCount == Self.list.count + made)
            #expect(held(state) == before, "round \(round), seed \(seed)")
        }
    }

    /// A search waiting for the tail while polls put rows above: it goes on from where it was,
    /// and the match the tail brings is the row the cursor lands on.
    @Test func aPendingSearchMovesWithTheRowsPutAbove() throws {
        var state = followed(Self.list, size: Size(rows: 8, columns: 40), end: nil)
        state.press(.char("/"))
        state.type("pear")
        state.press(.enter)
        let tail = try #require(state.inFlight)
        let pending = try #require(state.finding.search?.pending)
        #expect(pending.nextRow == Self.list.count)
        let top = try #require(state.store.item(at: 0))
        _ = state.tick(at: 10)
        state.answerPoll([Item(json: #"{"n":0}"#, text: "n0"), Item(json: #"{"n":1}"#, text: "n1"), top], at: 10)
        #expect(state.finding.search?.pending?.nextRow == Self.list.count + 2)
        _ = state.update(.pageLoaded(PageResult(request: tail, items: [Item(json: #"{"o":30}"#, text: "o30"), Item(json: #"{"p":1}"#, text: "pear")])), at: 11)
        #expect(state.selectedItem?.text == "pear")
        #expect(state.finding.search?.pending == nil)
    }
}
