@testable import InfinilistLoader
import Testing

/// Error snippets are cut between whole characters and whole escapes, never inside `\u{…}`.
@Suite struct OneLineCutTests {
    @Test func aLineIsNeverCutInsideAnEscape() {
        let text = String(repeating: "ab\u{202E}", count: 20)
        for limit in 1...30 {
            let line = OneLine.clean(text, maxCharacters: limit)
            let body = line.hasSuffix("…") ? String(line.dropLast()) : line
            #expect(body.count <= limit)
            // Every backslash starts a complete escape.
            #expect(body.replacingOccurrences(of: "\\u{202E}", with: "").allSatisfy { $0 == "a" || $0 == "b" }, "\(limit): \(line)")
        }
    }

    @Test func aSnippetDoesNotSplitAUTF8Sequence() {
        // "é" is two bytes; the cut at 3 falls inside the second one.
        let bytes = Array("aéé and more".utf8)
        #expect(OneLine.snippet(of: bytes, count: 4) == "aé…")
        #expect(OneLine.snippet(of: [0x1F, 0x8B, 0x08, 0x00], count: 20) == #"\x1F\u{FFFD}\x08\x00"#)
    }
}
