import Testing
import TestThreads
@testable import InfinilistCore

/// `DisplayWidth.of` takes short cuts (CJK and Hangul known wide, nothing below U+1100 searched
/// for in the wide ranges, a binary search of them): for every scalar, it must give what the
/// plain rule gives, the rule written out here as it reads in the comments.
@Suite(.ownThread) struct DisplayWidthFastPathTests {
    /// Zero for controls, combining and enclosing marks, format characters (but the prepended
    /// concatenation marks) and Hangul's medial vowels and final consonants (Latin's soft hyphen
    /// is one); two for emoji presentation (but regional indicators) and the
    /// East Asian wide ranges; one for the rest.
    private static func plainRule(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        // Latin up to the combining marks: one column, the soft hyphen (a format character)
        // included, as glibc counts it.
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .format where ![0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2,
                             0x110BD, 0x110CD].contains(v): return 0
        default: if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        }
        if (0x1F1E6...0x1F1FF).contains(v) { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return DisplayWidth.wideRanges.contains { $0.contains(v) } ? 2 : 1
    }

    @Test func everyScalarHasThePlainRulesWidth() {
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let fast = DisplayWidth.of(scalar)
            let plain = Self.plainRule(scalar)
            if fast != plain, differences.count < 10 {
                differences.append("U+\(String(value, radix: 16, uppercase: true)): \(fast), the rule says \(plain)")
            }
        }
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test func theWideRangesAreSortedAndApart() {
        for (range, next) in zip(DisplayWidth.wideRanges, DisplayWidth.wideRanges.dropFirst()) {
            #expect(range.upperBound < next.lowerBound, "\(range) then \(next)")
        }
    }

    /// Printable ASCII is found eight bytes at a time: every byte value, at every place of a
    /// word and of the tail, must be told apart as a byte-by-byte check does.
    @Test func printableASCIIIsFoundAsByteByByte() {
        for length in [1, 7, 8, 9, 16, 17, 23] {
            for place in 0..<length {
                for value in UInt8(0)...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = value
                    let text = String(decoding: bytes, as: UTF8.self)
                    let expected = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text.utf8.count : nil
                    if DisplayWidth.printableASCIIWidth(text) != expected {
                        Issue.record("byte \(value) at \(place) of \(length)")
                    }
                }
            }
        }
        #expect(DisplayWidth.printableASCIIWidth("the ~ and the space: 0123456789") == 31)
        #expect(DisplayWidth.printableASCIIWidth("") == 0)
    }

    /// Text of one-column scalars is measured from its bytes: each such scalar must be one column
    /// by the rule, escape nothing, and be a character of its own between letters.
    @Test func singleColumnScalarsAreOneColumnEscapeNothingAndStandAlone() {
        var found = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            guard let width = DisplayWidth.singleColumnWidth(text) else { continue }
            found += 1
            let between = "a" + text + "b"
            if width != 1 || Self.plainRule(scalar) != 1 || TerminalText.sanitize(text) != text
                || between.count != 3 || DisplayWidth.singleColumnWidth(between) != 3 {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)) is not a plain one-column character")
            }
        }
        #expect(found > 1_500)
        for escaped in ["\u{85}", "\u{2028}", "\u{202E}", "\u{2060}", "\u{200D}", "e\u{301}", "\t"] {
            #expect(DisplayWidth.singleColumnWidth(escaped) == nil, "\(escaped.unicodeScalars.map(\.value))")
        }
    }

    /// Clipping such text cuts after as many characters as there are columns.
    @Test func singleColumnTextIsClippedByCharacters() {
        let text = "naïve · café – 1…2 ↓ ─ ⠋ ±"
        for width in 0...(text.count + 1) {
            let clipped = DisplayWidth.clip(text, to: width)
            #expect(clipped.text == text.prefix(width))
            #expect(clipped.width == min(width, text.count))
        }
        #expect(DisplayWidth.of(text) == text.count)
        var builder = RowBuilder(width: 9)
        builder.append(text)
        #expect(builder.row.spans.map(\.text) == ["naïve · c"])
        #expect(builder.remaining == 0)
    }

    /// A width asked up to a limit is the whole width, or nil when it is more.
    @Test func aWidthUpToALimitIsTheWidthOrNil() {
        for text in ["", "plain", "naïve · café", "混合テキスト mixed", "e\u{301}e\u{301}", "🏳️‍🌈 flag", "\u{600}\u{601} x"] {
            let whole = DisplayWidth.of(text)
            for limit in 0...(whole + 2) {
                #expect(DisplayWidth.of(text, ifAtMost: limit) == (whole <= limit ? whole : nil), "\(text) up to \(limit)")
            }
        }
    }
}
