import Testing
@testable import InfinilistCore

/// Tables of made-up, hostile items at every width: whatever the values (control characters,
/// bidi overrides, wide and combining characters, emoji sequences, huge numbers, nested values),
/// no row is wider than the screen and no control character reaches a frame.
@Suite struct TablePropertyTests {
    private static let pieces = [
        "plain", "한글", "混合テキスト", "e\u{301}", "👩‍💻", "🏳️‍🌈", "👍🏽", "🇫🇷", "\u{1B}[31m", "\r\n", "\u{202E}evil",
        "\u{200B}", "\t", "x", " ", "…", "العربية", "हिंदी", "\u{7F}", "\u{9B}", "2026-11-23T17:00:00Z",
    ]

    private func text(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 6)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
    }

    private func value(_ random: inout SplitMix64) -> String {
        switch random.next() % 7 {
        case 0: return "null"
        case 1: return random.next() % 2 == 0 ? "true" : "false"
        case 2: return String(random.next() % 100_000_000_000)
        case 3: return "[1,\"a\",{\"name\":\"lbl\"}]"
        case 4: return "{\"login\":\"\(jsonEscaped(text(&random)))\"}"
        default: return "\"\(jsonEscaped(text(&random)))\""
        }
    }

    private func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func noRowIsTooWideAndNothingEscapes() {
        var random = SplitMix64(seed: 13)
        let keys = ["title", "user", "state", "score", "created_at", "misc"]
        for round in 0..<40 {
            let jsons = (0..<8).map { _ in
                "{" + keys.filter { _ in random.next() % 5 != 0 }.map { "\"\($0)\":\(value(&random))" }.joined(separator: ",") + "}"
            }
            let choices: [ColumnChoice] = [.auto, given("title,user.login:7=who,state,score,created_at,misc.0,missing")]
            for choice in choices {
                var state = tableState(jsons, columns: choice, size: Size(rows: 10, columns: 80))
                for columns in [1, 2, 3, 5, 13, 24, 41, 80, 133] {
                    _ = state.update(.resized(Size(rows: 10, columns: columns)))
                    for row in render(state).rows {
                        #expect(DisplayWidth.of(row.text) <= columns, "round \(round), \(columns) columns: \(row.text)")
                        for scalar in row.text.unicodeScalars {
                            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "round \(round): \(row.text)")
                            #expect(!(0x202A...0x202E).contains(scalar.value), "round \(round): \(row.text)")
                        }
                    }
                }
            }
        }
    }
}
