import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// A file of JSON lines is counted in the background once its first page is in (issue 37): the
/// count is the items a walk to the end would read, and nil where lines are not items.
@Suite struct StreamCountTests {
    private static func lines(_ ids: ClosedRange<Int>, ending: String = "\n") -> String {
        ids.map { "{\"id\":\($0),\"title\":\"item \($0)\"}" + ending }.joined()
    }

    /// Reads the first page of `text` as a file, then counts: the loader's answers to the count.
    private func count(_ text: String, itemsPath: String? = nil) async throws -> [RowCountReport.Progress] {
        let file = try TestFile(text)
        let inbox = MessageInbox()
        let loader = Loader(source: try StreamTest.source(file.path, pageSize: 100, itemsPath: itemsPath), deliver: inbox.deliver)
        _ = try await inbox.answer(to: PageRequest(id: RequestID(1), page: 0), from: loader)
        await loader.countRows(RequestID(2))
        let reports = await inbox.countReports(id: RequestID(2))
        await loader.shutdown()
        return reports
    }

    @Test func theCountIsTheItemsAWalkReads() async throws {
        for ending in ["\n", "\r\n", "  \n"] {
            let reports = try await count(Self.lines(1...2_550, ending: ending))
            #expect(reports.last == .counted(2_550), "lines ending \(Array(ending.utf8))")
        }
        // No break after the last line; blank lines hold no item.
        #expect(try await count(String(Self.lines(1...300).dropLast())).last == .counted(300))
        #expect(try await count(Self.lines(1...150) + "\n\n" + Self.lines(151...300) + "\n").last == .counted(300))
        // All on the first page: counted at once.
        #expect(try await count(Self.lines(1...40)).last == .counted(40))
    }

    @Test func linesThatAreNotItemsAreNotCounted() async throws {
        // A line of text past the first page, among objects.
        #expect(try await count(Self.lines(1...150) + "not json\n" + Self.lines(151...300)).last == .uncountable)
        // Pretty-printed objects: the first page's lines are not its items.
        let pretty = (1...300).map { "{\n  \"id\": \($0)\n}\n" }.joined()
        #expect(try await count(pretty).last == .uncountable)
        // Two objects on a line, a tab between them (hostile pass of session 29).
        #expect(try await count(Self.lines(1...150) + "{\"id\":\"a\"}\t{\"id\":\"b\"}\n" + Self.lines(151...300)).last == .uncountable)
        // … or spaces and tabs (session 30; counted as one line before).
        #expect(try await count(Self.lines(1...150) + "{\"id\":\"a\"}  \t {\"id\":\"b\"}\n" + Self.lines(151...300)).last == .uncountable)
        // An object inside a line after spaces is no second value (Python's `json.dumps`).
        let spaced = (1...300).map { "{\"id\": \($0), \"o\":  {\"a\": [{\"b\": 1}, {\"c\": 2}]}}\n" }.joined()
        #expect(try await count(spaced).last == .counted(300))
        // Lines of numbers have no shape to check: a line of spaces or `1 2 3` would count as one.
        #expect(try await count((1...300).map { "\($0)\n" }.joined()).last == .uncountable)
        // Items inside each line (`--items`): a line is not an item.
        let wrapped = (1...300).map { "{\"items\":[{\"id\":\($0)},{\"id\":\($0)}]}\n" }.joined()
        #expect(try await count(wrapped, itemsPath: "items").last == .uncountable)
    }

    @Test func aFileOfSomeMegabytesSaysHowFarTheCountIs() async throws {
        // Progress some sixteen times, at most every MiB: a few times here, before the count.
        let line = "{\"id\":1,\"title\":\"" + String(repeating: "x", count: 1_000) + "\"}\n"
        let text = String(repeating: line, count: 3_500)
        let reports = try await count(text)
        #expect(reports.last == .counted(3_500))
        #expect(reports.dropLast().contains { if case .counting(let read, let size) = $0 { read > 0 && size == text.utf8.count } else { false } })
    }
}

extension MessageInbox {
    /// The row count's reports for `id`, up to the one that ends it (or none more came).
    func countReports(id: RequestID) async -> [RowCountReport.Progress] {
        var seen = 0
        while true {
            let messages = await wait(for: seen + 1)
            let reports: [RowCountReport.Progress] = messages.compactMap {
                if case .rowsCounted(let report) = $0, report.id == id { return report.progress }
                return nil
            }
            let ended = reports.last.map { if case .counting = $0 { false } else { true } } ?? false
            if ended || messages.count == seen { return reports }
            seen = messages.count
        }
    }
}
