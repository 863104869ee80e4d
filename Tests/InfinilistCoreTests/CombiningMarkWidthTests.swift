import Glibc
import Testing
@testable import InfinilistCore

/// Scripts whose letters carry combining marks and spacing vowel signs (Thai, Lao, the Indic
/// scripts, Tibetan, Myanmar, Khmer): the core's width of every character in their blocks is the
/// C library's `wcwidth`, the one ncurses places characters by. tmux 3.3 agrees with both (the
/// end-to-end `thaiAndDevanagariRowsAreAlignedInTmuxsGrid` looks at tmux's own grid), so a table
/// row in these scripts ends where the screen believes it does.
@Suite struct CombiningMarkWidthTests {
    /// The C library's `wcwidth`, looked up at run time: Glibc's module declares it only under
    /// `_XOPEN_SOURCE`, which the test target is not built with.
    private static let wcwidth: (@convention(c) (wchar_t) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
    }()

    private static let blocks: [(name: String, range: ClosedRange<UInt32>)] = [
        ("Devanagari", 0x0900...0x097F), ("Bengali", 0x0980...0x09FF), ("Gurmukhi", 0x0A00...0x0A7F),
        ("Gujarati", 0x0A80...0x0AFF), ("Oriya", 0x0B00...0x0B7F), ("Tamil", 0x0B80...0x0BFF),
        ("Telugu", 0x0C00...0x0C7F), ("Kannada", 0x0C80...0x0CFF), ("Malayalam", 0x0D00...0x0D7F),
        ("Sinhala", 0x0D80...0x0DFF), ("Thai", 0x0E00...0x0E7F), ("Lao", 0x0E80...0x0EFF),
        ("Tibetan", 0x0F00...0x0FFF), ("Myanmar", 0x1000...0x109F), ("Khmer", 0x1780...0x17FF),
        ("Devanagari Extended", 0xA8E0...0xA8FF),
        // Counted without their properties (`DisplayWidth.of`): every one must still agree.
        ("CJK Unified Ideographs", 0x4E00...0x9FFF), ("Hangul Syllables", 0xAC00...0xD7A3),
    ]

    @Test func everyCharacterHasTheCLibrarysWidth() throws {
        let wcwidth = try #require(Self.wcwidth)
        guard let locale = newlocale(1 << LC_CTYPE, "C.UTF-8", nil) else {
            Issue.record("no C.UTF-8 locale")
            return
        }
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        var compared = 0
        for block in Self.blocks {
            for value in block.range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
                let theirs = wcwidth(wchar_t(bitPattern: value))
                // Not printable in the C library's tables (newer than its Unicode): ncurses writes
                // U+FFFD instead, one column, whatever the core counts.
                guard theirs >= 0 else { continue }
                compared += 1
                #expect(DisplayWidth.of(scalar) == Int(theirs), "\(block.name) U+\(String(value, radix: 16, uppercase: true)): core \(DisplayWidth.of(scalar)), wcwidth \(theirs)")
            }
        }
        #expect(compared > 1500)
    }

    /// The demo's titles in these scripts, as whole strings.
    @Test func theDemosTitlesMeasureAsTheCLibrarySays() throws {
        let wcwidth = try #require(Self.wcwidth)
        guard let locale = newlocale(1 << LC_CTYPE, "C.UTF-8", nil) else { return }
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        for title in ["วิธีเขียนโปรแกรมให้อ่านง่ายขึ้น", "ภาษาไทยกับการตัดคำในเทอร์มินัล", "हिंदी में प्रोग्रामिंग सीखने के पाँच तरीके",
                      "डेटाबेस इंडेक्स कैसे काम करते हैं", "สมชาย", "प्रिया", "น้ำตำลึงขึ้นที่นี่ ฯลฯ"] {
            let theirs = title.unicodeScalars.reduce(0) { $0 + Int(wcwidth(wchar_t(bitPattern: $1.value))) }
            #expect(DisplayWidth.of(title) == theirs, "\(title)")
        }
    }
}
