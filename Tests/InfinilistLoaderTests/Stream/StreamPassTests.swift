import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// `G` and `NG` on a file of JSON lines pass over pages by counting line breaks (decision 145):
/// the answer says how many pages it went over, and each of them reads again, by the start the
/// count found, exactly as a walk through the file would have read it.
@Suite struct StreamPassTests {
    /// Lines `{"id":N,…}` for N in `ids`, ended as `ending` says.
    private static func lines(_ ids: ClosedRange<Int>, ending: String = "\n") -> String {
        ids.map { "{\"id\":\($0),\"title\":\"item \($0)\"}" + ending }.joined()
    }

    private static func ids(_ result: PageResult?) -> [Int] {
        (result?.items ?? []).compactMap { item in
            item.json.firstMatch(of: /"id":([0-9]+)/).flatMap { Int($0.1) }
        }
    }

    /// Loads page 0, then asks for page 1 with `purpose`; returns the loader and the answer.
    private func firstPageThen(_ purpose: RequestPurpose, file: TestFile, pageSize: Int = 100) async throws -> (Loader, MessageInbox, PageResult) {
        let inbox = MessageInbox()
        let loader = Loader(source: try StreamTest.source(file.path, pageSize: pageSize), deliver: inbox.deliver)
        // By request: on a loaded machine a "still waiting" message may come before a page.
        _ = try await inbox.answer(to: PageRequest(id: RequestID(1), page: 0), from: loader)
        return (loader, inbox, try await inbox.answer(to: PageRequest(id: RequestID(2), page: 1, purpose: purpose), from: loader))
    }

    @Test func passingToTheEndReadsOnlyTheLastPageAndEveryPassedPageReadsAgain() async throws {
        for ending in ["\n", "\r\n", "  \n"] {
            let file = try TestFile(Self.lines(1...2_550, ending: ending))
            let (loader, inbox, last) = try await firstPageThen(.pass(.end), file: file)
            // 2,450 items after the first page: 24 pages of 100 passed, the last 50 read.
            #expect(last.passed == PassedPages(pages: 24, rowsEach: 100))
            #expect(Self.ids(last) == Array(2_501...2_550))
            #expect(last.end != nil)
            var id = 3
            for page in 1...24 {
                let again = try await inbox.answer(to: PageRequest(id: RequestID(id), page: page, purpose: .refetch(following: 0)), from: loader)
                let first = 100 * page + 1
                #expect(Self.ids(again) == Array(first...(first + 99)), "page \(page), lines ending \(Array(ending.utf8))")
                id += 1
            }
            await loader.shutdown()
        }
    }

    @Test func passingToAnItemReadsThePageThatHoldsIt() async throws {
        let file = try TestFile(Self.lines(1...5_000))
        // Item 1,234 after page 1's first (item 101, id 101) has id 1,335: on page 13 (ids 1,301–1,400).
        let (loader, _, page) = try await firstPageThen(.pass(.item(1_234)), file: file)
        #expect(page.passed == PassedPages(pages: 12, rowsEach: 100))
        #expect(Self.ids(page) == Array(1_301...1_400))
        #expect(page.end == nil)
        await loader.shutdown()
    }

    @Test func anItemOnTheNextPageOrPastTheEndPassesWhatThereIs() async throws {
        let file = try TestFile(Self.lines(1...450))
        let (near, _, nearPage) = try await firstPageThen(.pass(.item(99)), file: file)
        #expect(nearPage.passed == nil)
        #expect(Self.ids(nearPage) == Array(101...200))
        await near.shutdown()
        let (far, _, farPage) = try await firstPageThen(.pass(.item(100_000)), file: file)
        #expect(farPage.passed == PassedPages(pages: 3, rowsEach: 100))
        #expect(Self.ids(farPage) == Array(401...450))
        #expect(farPage.end != nil)
        await far.shutdown()
    }

    /// Where a line is not an item (a pretty-printed file), or the input is no file, nothing is
    /// passed: the page after is read as usual.
    @Test func prettyPrintedValuesAndPipesAreReadAsUsual() async throws {
        let pretty = (1...1_000).map { "{\n  \"id\": \($0)\n}\n" }.joined()
        let file = try TestFile(pretty)
        let (loader, _, page) = try await firstPageThen(.pass(.end), file: file)
        #expect(page.passed == nil)
        #expect(Self.ids(page) == Array(101...200))
        await loader.shutdown()

        let pipe = try TestPipe()
        pipe.write(Self.lines(1...1_000))
        pipe.closeWriting()
        let inbox = MessageInbox()
        let piped = Loader(source: try StreamTest.source(pipe.path, pageSize: 100), deliver: inbox.deliver)
        _ = try await inbox.answer(to: PageRequest(id: RequestID(1), page: 0), from: piped)
        let next = try await inbox.answer(to: PageRequest(id: RequestID(2), page: 1, purpose: .pass(.end)), from: piped)
        #expect(next.passed == nil)
        #expect(Self.ids(next) == Array(101...200))
        await piped.shutdown()
    }

    /// After a pass the tail reads on from where it went: lines appended later are the next page.
    @Test func theTailReadsOnAfterAPass() async throws {
        let file = try TestFile(Self.lines(1...1_000))
        let (loader, inbox, last) = try await firstPageThen(.pass(.end), file: file)
        #expect(Self.ids(last) == Array(901...1_000))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(Self.lines(1_001...1_010).utf8))
        try handle.close()
        let appended = try await inbox.answer(to: PageRequest(id: RequestID(3), page: 10), from: loader)
        #expect(Self.ids(appended) == Array(1_001...1_010))
        await loader.shutdown()
    }

    /// The count is exact wherever the chunks cut the bytes and wherever the breaks fall.
    @Test func lineBreaksCountsAndMarksLikeAByteLoop() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            // Past a block (1,024 bytes) and within one, breaks dense and sparse.
            let size = Int.random(in: 0..<5_000, using: &random)
            let density = [1, 3, 20, 500][Int.random(in: 0..<4, using: &random)]
            let bytes: [UInt8] = (0..<size).map { _ in Int.random(in: 0..<density, using: &random) == 0 ? 0x0A : UInt8.random(in: 0...255, using: &random) }
            let pageSize = Int.random(in: 1...70, using: &random)
            // A break counts when it ends a line with something on it; the first always does.
            let breaks = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0A) }
            let expectedMarks = stride(from: pageSize, to: breaks.count, by: pageSize).map { breaks[$0] }
            var counter = LineBreaks(pageSize: pageSize, wanted: nil)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + Int.random(in: 1...3_000, using: &random))
                bytes[offset..<end].withUnsafeBufferPointer { counter.scan($0, at: offset) }
                offset = end
            }
            #expect(counter.count == breaks.count, "\(bytes)")
            #expect(counter.marks == expectedMarks, "\(bytes) page size \(pageSize)")
            #expect(counter.endsWithBreak == (bytes.last == 0x0A))
        }
    }
    /// Where every line must be one object, the blocks counted sixteen bytes at a time stop
    /// exactly where the byte loop stops: at the first line out of shape (`}{`, `} {`, text, a
    /// pretty-printed object, a line that does not end with `}`), wherever it falls in a block.
    @Test func objectLinesStopWhereTheByteLoopStops() {
        var random = SystemRandomNumberGenerator()
        let good = [#"{"id":1,"t":"a"}"#, #"{"id":2,"o":{"x":[1,2]}}"#, #"{"s":"}{ and } {"}"#, #"{"a":1}  "#, "{\"a\":1}\r", #"{}"#,
                    #"{"a": {"b": [{"c": 1}, {"d": 2}]}}"#, #"{"a":  {"b":1}}"#, "{\"a\":[1, \t {\"b\":2}]}"]
        let bad = [#"{"a":1}{"b":2}"#, #"{"a":1} {"b":2}"#, "text", #"{"a":"#, #"  {"a":1}"#, #""a""#, "{\"a\":1}x",
                   #"{"a":1}  {"b":2}"#, "{\"a\":1} \t\r {\"b\":2}"]
        var stops = 0
        for _ in 0..<400 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...3_000, using: &random) {
                switch Int.random(in: 0..<200, using: &random) {
                case 0: lines.append(bad.randomElement(using: &random) ?? "")
                case 1: lines.append("")
                default: lines.append(good.randomElement(using: &random) ?? "")
                }
            }
            let bytes = Array(("{\"tail\":0}\n" + lines.joined(separator: "\n") + "\n").utf8)
            // Pages longer than a block, or a block holding a mark is gone through byte by byte.
            let pageSize = Int.random(in: 100...2_000, using: &random)
            var whole = LineBreaks(pageSize: pageSize, wanted: nil, objectLines: true)
            bytes.withUnsafeBufferPointer { whole.scan($0, at: 0, from: 11) }
            // Windows of 100 bytes never make a whole block: the byte loop all the way.
            var byteLoop = LineBreaks(pageSize: pageSize, wanted: nil, objectLines: true)
            var from = 11
            while from < bytes.count, !byteLoop.isDone {
                let to = min(bytes.count, from + 100)
                bytes.withUnsafeBufferPointer { byteLoop.scan($0, at: 0, from: from, counted: to) }
                from = to
            }
            if whole.stop != nil { stops += 1 }
            #expect(whole.stop == byteLoop.stop, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(whole.count == byteLoop.count)
            #expect(whole.marks == byteLoop.marks)
        }
        #expect(stops > 50, "only \(stops) files had a line out of shape")
    }

    @Test func aSearchPassesToThePageOfTheFirstLineThatMayMatch() async throws {
        for (ending, query) in [("\n", "item 2345"), ("\r\n", "ITEM 2345")] {
            let file = try TestFile(Self.lines(1...5_000, ending: ending))
            let (loader, _, page) = try await firstPageThen(.pass(.match(query)), file: file)
            // Line 2,345 is item 2,244 after page 1's first: on the 23rd page after it.
            #expect(page.passed == PassedPages(pages: 22, rowsEach: 100))
            #expect(Self.ids(page) == Array(2_301...2_400))
            await loader.shutdown()
        }
    }

    /// A line with an escape may show the query in its text and not in its bytes: it is read.
    @Test func aSearchStopsAtALineWithAnEscape() async throws {
        let lines = Self.lines(1...1_499) + "{\"id\":1500,\"title\":\"a \\\"quoted\\\" one\"}\n" + Self.lines(1_501...3_000)
        let file = try TestFile(lines)
        let (loader, _, page) = try await firstPageThen(.pass(.match("item 2345")), file: file)
        #expect(page.passed == PassedPages(pages: 13, rowsEach: 100))
        #expect(Self.ids(page) == Array(1_401...1_500))
        await loader.shutdown()
    }

    /// Bytes shown otherwise than they are make a line read: rich text's pieces (joined in a
    /// cell), bytes that are not UTF-8, a control byte right after a line break.
    @Test func linesShownOtherwiseAreRead() throws {
        let match = try #require(LineMatch(query: "hello"))
        let cases: [([UInt8], Bool)] = [
            (Array(#"{"t":[{"plain_text":"Hel"},{"plain_text":"lo"}]}"#.utf8), true),
            (Array(#"{"t":"abc"#.utf8) + [0xFF] + Array(#"def"}"#.utf8), true),
            (Array(#"{"t":"abc"#.utf8) + [0xA9] + Array(#"def"}"#.utf8), true),
            ([0x0B] + Array("zzz".utf8), true),
            (Array(#"{"t":"caf\#u{e9} — ok"}"#.utf8), false),
            (Array(#"{"t":"plain text"}"#.utf8), false),
        ]
        for (line, expected) in cases {
            var breaks = LineBreaks(pageSize: 10, wanted: nil, match: match)
            let bytes = Array("{}\n".utf8) + line + Array("\n{}\n".utf8) + [UInt8](repeating: 0x20, count: 64)
            bytes.withUnsafeBufferPointer { breaks.scan($0, at: 0, counted: bytes.count - 64) }
            #expect((breaks.stop == 0) == expected, "\(String(decoding: line, as: UTF8.self).debugDescription)")
        }
    }

    /// Which line a search stops at: the first, after the tail's, that holds the query (ASCII case
    /// ignored) or a byte whose text differs from it; wherever chunks cut the bytes, never later.
    @Test func lineMatchStopsAtTheFirstLineThatMayMatch() throws {
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = ["a", "b", "B", "x", " ", "\\", "\t", "\r", "é", "\u{2028}", "—", "\u{85}", "\n", "\n", "\n"].map { Array($0.utf8) } + [[0xFF], [0xA9], [0xE2, 0x80]]
        let needle = "aB"
        let match = try #require(LineMatch(query: needle))
        for _ in 0..<400 {
            let bytes = (0..<Int.random(in: 0..<300, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let expected = Self.firstLineThatMayMatch(bytes, needle: Array(needle.lowercased().utf8))
            var whole = LineBreaks(pageSize: 1_000, wanted: nil, match: match)
            bytes.withUnsafeBufferPointer { whole.scan($0, at: 0) }
            #expect(whole.stop == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            var chunked = LineBreaks(pageSize: 1_000, wanted: nil, match: match)
            var offset = 0
            while offset < bytes.count, !chunked.isDone {
                let end = min(bytes.count, offset + Int.random(in: 1...50, using: &random))
                bytes[offset..<end].withUnsafeBufferPointer { chunked.scan($0, at: offset) }
                offset = end
            }
            if let expected { #expect(chunked.stop.map { $0 <= expected } == true) }
            // Reads that see `lookahead` bytes past what they count, as a pass reads: exact.
            var overlapped = LineBreaks(pageSize: 1_000, wanted: nil, match: match)
            offset = 0
            while offset < bytes.count, !overlapped.isDone {
                let end = min(bytes.count, offset + Int.random(in: 1...50, using: &random))
                let seen = min(bytes.count, end + match.lookahead)
                let behind = min(LineBreaks.lookbehind, offset)
                bytes[(offset - behind)..<seen].withUnsafeBufferPointer {
                    overlapped.scan($0, at: offset - behind, from: behind, counted: end - offset + behind)
                }
                offset = end
            }
            #expect(overlapped.stop == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    /// The rule, line by line: the first line after the tail's that holds the needle (or its first
    /// byte where the bytes end too soon for the rest), an escape, a control byte but a carriage
    /// return before a line break, DEL, bytes that are not UTF-8 or a character the screen
    /// escapes; counted as an item among the lines with something on them.
    private static func firstLineThatMayMatch(_ bytes: [UInt8], needle: [UInt8]) -> Int? {
        let fold = { (byte: UInt8) in (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        let ranges: [ClosedRange<UInt32>] = [0x80...0x9F, 0x061C...0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF...0xFEFF, 0xFFFD...0xFFFD]
        let escaped = Set(ranges.flatMap { $0 })
        var start = 0
        var items = 0
        var line = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let text = Array(bytes[start..<end])
            if line > 0 {
                let atEnd = end == bytes.count
                var reads = text.contains { $0 == 0x5C || $0 == 0x7F || ($0 < 0x20 && $0 != 0x0D) }
                reads = reads || text.enumerated().contains { $0.element == 0x0D && ($0.offset + 1 < text.count || atEnd) }
                if let string = String(validating: text, as: UTF8.self) {
                    reads = reads || string.unicodeScalars.contains { escaped.contains($0.value) }
                } else {
                    reads = true
                }
                let folded = text.map(fold)
                for at in folded.indices where folded[at] == needle[0] {
                    let fits = start + at + needle.count <= bytes.count
                    if !fits || Array(folded[at..<min(folded.count, at + needle.count)]) == needle { reads = true }
                }
                if reads { return items }
                if !text.isEmpty { items += 1 }
            }
            line += 1
            start = end + 1
        }
        return nil
    }
}
