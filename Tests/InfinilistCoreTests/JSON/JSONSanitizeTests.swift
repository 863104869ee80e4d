import Testing
@testable import InfinilistCore

/// TerminalText (Text/Sanitize.swift); named JSON… so `--filter InfinilistCoreTests.JSON` runs it.
@Suite struct JSONSanitizeTests {
    /// Every scalar of the ranges the escapes come from, alone and between letters: changed
    /// exactly when it is one of the characters escaped. (The byte pre-check that spares most
    /// text a copy must never let one of them through.)
    @Test func everyEscapedCharacterIsCaughtAndNoOther() {
        let escaped: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F, 0x061C...0x061C, 0x200B...0x200F,
                                               0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069,
                                               0xFEFF...0xFEFF, 0xFFFD...0xFFFD]
        let ranges: [ClosedRange<UInt32>] = [0x00...0x07FF, 0x2000...0x2FFF, 0xFE00...0xFFFF]
        var wrong: [String] = []
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            let changed = TerminalText.sanitize(text) != text
            if changed != escaped.contains(where: { $0.contains(value) }) {
                wrong.append(String(value, radix: 16))
            }
        }
        #expect(wrong.isEmpty, "wrongly handled: \(wrong.prefix(20))")
    }

    @Test(arguments: [
        ("\u{1b}]2;pwned\u{7}", #"\x1B]2;pwned\x07"#),                 // set window title
        ("\u{1b}]52;c;ZXZpbA==\u{7}", #"\x1B]52;c;ZXZpbA==\x07"#),     // write the clipboard
        ("\u{1b}[2J", #"\x1B[2J"#),                                   // clear screen
        ("\u{1b}[31mred", #"\x1B[31mred"#),
        ("\u{9b}31m", #"\x9B31m"#),                                   // 8-bit CSI
        ("a\r\nb", #"a\r\nb"#),                                       // fake rows
        ("\u{202e}abc", #"\u{202E}abc"#),                             // Trojan Source
        ("tab\there", #"tab\there"#),
        ("\u{0}\u{8}\u{7f}\u{85}\u{9f}", #"\x00\x08\x7F\x85\x9F"#),
        ("\u{200e}\u{200f}\u{61c}\u{202a}\u{202b}\u{202c}\u{202d}\u{2066}\u{2067}\u{2068}\u{2069}",
         #"\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}"#),
        ("a\u{200b}b\u{200c}c\u{200d}d\u{2060}\u{2064}\u{feff}", #"a\u{200B}b\u{200C}c\u{200D}d\u{2060}\u{2064}\u{FEFF}"#),
        ("line\u{2028}sep\u{2029}", #"line\u{2028}sep\u{2029}"#),
        ("bad\u{FFFD}", #"bad\u{FFFD}"#),
        ("\u{1b}\u{200d}\u{1b}", #"\x1B\u{200D}\x1B"#),
        ("1\u{200d}2", #"1\u{200D}2"#),                                 // digits are "emoji" too
        ("\u{200d}👍", #"\u{200D}👍"#),                               // ZWJ at the start
        ("👍\u{200d}", #"👍\u{200D}"#),                               // ZWJ at the end
    ] as [(String, String)])
    func attacksAreShownVisibly(_ input: String, expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    @Test(arguments: [
        "plain text", "", "é中日本語 ñ", "emoji 😀 👍🏽", "👨‍👩‍👧‍👦 family", "🏳️‍🌈 flag", "👩‍❤️‍👨",
        "🧑🏽‍💻 coder", "❤️ ☺︎ text style", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland", "Ⅻ “quotes” — dash",
        "<p>a &amp; b</p>", "back\\slash",
    ])
    func harmlessTextIsUnchanged(_ text: String) {
        #expect(TerminalText.sanitize(text) == text)
    }

    @Test func resultIsOneSafeLine() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                let value = UInt32.random(in: 0...0x2100, using: &generator)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let sanitized = TerminalText.sanitize(String(scalars))
            for scalar in sanitized.unicodeScalars {
                let v = scalar.value
                #expect(!(v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                          || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x2028 || v == 0x2029))
            }
        }
    }
}
