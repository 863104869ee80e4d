import Testing
@testable import InfinilistCore

/// Whatever the user does in the picker, on whatever items: the `--columns` value it shows reads
/// back (through `ColumnSpec`, as the command line reads it) to exactly the columns Enter
/// applies, and no frame is wider than the screen.
@Suite struct ColumnPickerPropertyTests {
    /// Keys people really have: separators of a column list, brackets, quotes, dots, spaces,
    /// digits, an empty key, other scripts, and ones no column list can name.
    private static let keys = [
        "title", "author", "score", "created_at", "a,b", "w:10", "x=y", "[0]", "\"q\"", "a.b", " pad ", "0", "",
        "имя", "名前", "e\u{301}", "it's", "tab\tkey", "bidi\u{202E}", "user",
    ]

    private static let values = [
        "\"plain\"", "42", "true", "null", "\"2026-11-23T17:00:00Z\"", "[\"bug\",\"ui\"]",
        "{\"login\":\"octo\",\"id\":7,\"inner\":{\"deep\":1}}", "\"混合テキスト 👩‍💻\"",
    ]

    private func item(_ random: inout SplitMix64) -> String {
        var members = ["\"title\":\"t\(random.next() % 100)\""]
        for key in Self.keys where random.next() % 3 == 0 {
            let escaped = key.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\"": return "\\\""
                case "\t": return "\\t"
                default: return String(scalar)
                }
            }.joined()
            members.append("\"\(escaped)\":\(Self.values[Int(random.next() % UInt64(Self.values.count))])")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    private static let keysToPress: [Key] = [.down, .down, .down, .up, .char(" "), .char(" "), .char("K"), .char("J"), .end, .home, .pageDown]

    @Test func theShownValueReadsBackToTheAppliedColumns() throws {
        var random = SplitMix64(seed: 57)
        for round in 0..<150 {
            let jsons = (0..<(1 + Int(random.next() % 6))).map { _ in item(&random) }
            let choice: ColumnChoice = random.next() % 3 == 0 ? given("title:12=T,user.login=who") : .auto
            let size = Size(rows: 3 + Int(random.next() % 20), columns: 1 + Int(random.next() % 100))
            var state = tableState(jsons, columns: choice, size: size)
            state.press(.char("c"))
            guard case .columns = state.mode else {
                Issue.record("round \(round): no picker")
                continue
            }
            for _ in 0..<Int(random.next() % 30) {
                state.press(Self.keysToPress[Int(random.next() % UInt64(Self.keysToPress.count))])
                for row in render(state).rows {
                    #expect(DisplayWidth.of(row.text) <= size.columns, "round \(round): \(row.text)")
                }
            }
            guard case .columns(let picker) = state.mode else {
                Issue.record("round \(round): the picker closed")
                continue
            }
            let chosen = picker.chosenSpecs
            guard !chosen.isEmpty else { continue }
            let read = try ColumnSpec.parseList(picker.specText)
            #expect(read == chosen, "round \(round): \(picker.specText)")
            state.press(.enter)
            let firstPage = jsons.compactMap { try? JSONParser.parse($0) }
            #expect(state.rowLayout.table == ColumnLayout.make(.given(read), firstPage: firstPage), "round \(round): \(picker.specText)")
        }
    }
}
