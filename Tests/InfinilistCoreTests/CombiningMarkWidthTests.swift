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

    /// Characters whose category Unicode changed after glibc 2.36's version: U+1171E (an Ahom
    /// consonant sign, a mark of no width in Unicode 15.0, a spacing mark in 15.1). The core
    /// follows Swift's Unicode data.
    private static let newerInSwift: Set<UInt32> = [0x1171E]

    /// Every printable scalar the C library knows: the combining marks and spacing vowel signs
    /// of Thai, Lao, the Indic scripts, Tibetan, Myanmar and Khmer; the format characters drawn
    /// as one column (the Arabic number sign U+0600, which took a table row's last column when
    /// counted as none); emoji of text presentation (U+1F3F3, the white flag, one column); the
    /// Hangul Jamo of no width; the wide ranges, assigned ones only.
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
        var differences: [String] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let theirs = wcwidth(wchar_t(bitPattern: value))
            // Not printable in the C library's tables (newer than its Unicode): ncurses writes
            // U+FFFD instead, one column, whatever the core counts.
            guard theirs >= 0, !Self.newerInSwift.contains(value) else { continue }
            compared += 1
            let ours = DisplayWidth.of(scalar)
            if ours != Int(theirs), differences.count < 20 {
                differences.append("U+\(String(value, radix: 16, uppercase: true)): core \(ours), wcwidth \(theirs)")
            }
        }
        #expect(differences.isEmpty, "\(differences)")
        #expect(compared > 140_000)
    }

    /// A table row whose text starts with prepended concatenation marks, and a flag sequence
    /// of a text-presentation base: as wide as the C library counts them, so the row's last
    /// column stays on the screen.
    @Test func prependedMarksAndTheWhiteFlagAreMeasuredAsTheScreenDrawsThem() {
        #expect(DisplayWidth.of("\u{600}\u{601} prepend") == 10)
        // U+1F3F3 (1) U+FE0F (0) U+1F308 (2): the writer leaves the joiner out.
        #expect(DisplayWidth.of("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}") == 3)
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
