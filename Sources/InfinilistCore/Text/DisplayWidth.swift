/// Terminal column widths of text, computed in Swift so the core needs no locale or curses.
///
/// A grapheme cluster takes the sum of its scalars' widths, exactly as ncurses places it (it asks
/// `wcwidth` per scalar): East Asian wide and fullwidth characters and emoji presentation take
/// two columns, combining marks and format characters (ZWJ, variation selectors) none, the rest
/// one. So 👩‍💻 takes four columns, as it does in ncurses and tmux, and the core and the screen
/// always agree on where a row ends. Ambiguous-width characters count as one, as glibc's
/// `wcwidth` does in a UTF-8 locale.
public enum DisplayWidth {
    /// Columns one grapheme cluster occupies.
    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars { width += of(scalar) }
        return width
    }

    /// Columns one scalar occupies, matching glibc's `wcwidth` (controls count as zero here:
    /// they never reach the screen unescaped).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        // CJK ideographs and Hangul syllables, most of the text of the languages that use them:
        // all wide, none a mark, known without looking up their properties.
        if (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) { return 2 }
        // Below U+1100 (Hangul Jamo, the first wide block; the first emoji shown as such is
        // U+231A) nothing is wide: no search of the wide ranges. The letters of alphabets with
        // no marks among them (Greek and Cyrillic, the Hebrew, Arabic, Devanagari and Thai
        // letters) are known to be one column without their properties.
        if v < 0x1100 {
            for range in plainLetters where range.contains(v) { return 1 }
            return isZeroWidth(scalar) ? 0 : 1
        }
        if isZeroWidth(scalar) { return 0 }
        return isWide(scalar) ? 2 : 1
    }

    /// Columns a string occupies.
    public static func of(_ text: String) -> Int {
        // Never nil: no text is wider than `Int.max`.
        of(text, ifAtMost: .max) ?? .max
    }

    /// The columns `text` occupies when they are at most `limit`, else nil: measured only until
    /// it is too wide (a long title is clipped at a cell's or a screen's width, not measured
    /// whole).
    public static func of(_ text: String, ifAtMost limit: Int) -> Int? {
        if let simple = printableASCIIWidth(text) ?? singleColumnWidth(text) { return simple <= limit ? simple : nil }
        return scalarWidth(of: text, ifAtMost: limit)
    }

    /// `of(_:ifAtMost:)` without its short cuts, scalar by scalar: a cluster's width is the sum
    /// of its scalars', so the clusters need not be found.
    private static func scalarWidth(of text: String, ifAtMost limit: Int) -> Int? {
        var width = 0
        for scalar in text.unicodeScalars {
            width += of(scalar)
            if width > limit { return nil }
        }
        return width
    }

    /// The most scalars a row looks at for each column it has left: more than any character
    /// drawn in one cell needs (Unicode's stream-safe text has at most 30 combining marks in a
    /// row), so only text made to pile marks in one place is cut short of its width.
    public static let scalarsPerColumn = 32

    /// Where the part of `text` that `columns` columns could show ends: after at most
    /// `scalarsPerColumn` scalars a column. Every scalar that is not zero-width takes a column
    /// or more (an escape takes several), so nothing past it can be shown, and a row lays out,
    /// sanitizes and measures that much of a title however long it is (320,000 invisible
    /// characters were laid out whole, for every row, in time that grew with their square).
    public static func showableEnd<Text: StringProtocol>(_ text: Text, columns: Int) -> Text.Index {
        let limit = max(0, columns) * scalarsPerColumn
        // No more bytes than the limit: no more scalars either, and no walk to find out.
        guard text.utf8.count > limit else { return text.endIndex }
        return text.unicodeScalars.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex) ?? text.endIndex
    }

    /// The longest prefix of `text` that fits in `width` columns, and the columns it takes.
    /// A wide character that would straddle the edge is left out, never cut in half.
    public static func clip(_ text: String, to width: Int) -> (text: Substring, width: Int) {
        if let ascii = printableASCIIWidth(text) {
            guard ascii > width else { return (text[...], ascii) }
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: max(0, width))
            return (text[..<end], max(0, width))
        }
        // A column a scalar, and each scalar a character of its own: cut after `width` scalars.
        if let simple = singleColumnWidth(text) {
            guard simple > width else { return (text[...], simple) }
            let end = text.unicodeScalars.index(text.startIndex, offsetBy: max(0, width))
            return (text[..<end], max(0, width))
        }
        // Text that fits whole needs no cluster boundaries.
        if let whole = scalarWidth(of: text, ifAtMost: width) { return (text[...], whole) }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let w = of(text[index])
            if used + w > width { break }
            used += w
            end = text.index(after: index)
        }
        return (text[..<end], used)
    }

    /// The width of text that is all printable ASCII (numbers, names, most titles and every
    /// header): a column a byte, measured without walking grapheme clusters, which costs tens of
    /// instructions a character. Nil for anything else, controls included. Inlinable, so the
    /// screen's writer (another module) runs it specialised for `String`: as a generic it cost
    /// the writer 4,000 instructions a ↓.
    @inlinable
    public static func printableASCIIWidth(_ text: some StringProtocol) -> Int? {
        let isPrintable = text.utf8.withContiguousStorageIfAvailable(isPrintableASCII)
            ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        return isPrintable ? text.utf8.count : nil
    }

    /// Eight bytes at a time: printable ASCII bytes are 0x20...0x7E, so a word is all printable
    /// when no byte has its top bit set, none is below 0x20 and none is 0x7F.
    @usableFromInline
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            // A byte below 0x20 borrows when 0x20 is taken from it; 0x7F becomes 0x80 when 1 is
            // added; either sets the byte's top bit, as a byte of 0x80 or more has it already.
            let below = (word &- ones &* 0x20) & ~word
            let delete = (word &+ ones) & ~word
            if (word | below | delete) & high != 0 { return false }
            offset += 8
        }
        while offset < raw.count {
            let byte = raw[offset]
            if byte < 0x20 || byte >= 0x7F { return false }
            offset += 1
        }
        return true
    }

    /// The width of text whose every scalar is one column, escapes nothing and joins no other
    /// into a character: printable ASCII, Latin-1's signs and letters and Latin Extended
    /// (U+00A0–U+02FF), general punctuation (`–`, `…`, `·` is Latin-1), arrows, mathematical
    /// operators, box drawing and braille (the spinner). Every status line and clipped cell holds
    /// some of these, as does most European text: measured from the bytes, with no Unicode
    /// property looked up. Nil for anything else (`DisplayWidthFastPathTests` checks every scalar).
    public static func singleColumnWidth(_ text: some StringProtocol) -> Int? {
        if let width = text.utf8.withContiguousStorageIfAvailable(singleColumnWidth) { return width }
        return Array(text.utf8).withUnsafeBufferPointer(singleColumnWidth)
    }

    private static func singleColumnWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scalars = 0
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            let second = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            switch lead {
            case 0x20...0x7E:
                offset += 1
            // U+00A0–U+02FF (C2 80–9F are C1 controls)
            case 0xC2 where second >= 0xA0, 0xC3...0xCB:
                offset += 2
            case 0xE2:
                let third = offset + 2 < bytes.count ? bytes[offset + 2] : 0
                guard isSingleColumn(second, third) else { return nil }
                offset += 3
            default:
                return nil
            }
            scalars += 1
        }
        return scalars
    }

    /// Three-byte scalars led by E2 that are one column each, by their second and third bytes.
    private static func isSingleColumn(_ second: UInt8, _ third: UInt8) -> Bool {
        guard third & 0xC0 == 0x80 else { return false }
        switch second {
        // U+2010–U+2027 and U+2030–U+203F (not the line separators and bidi controls between)
        case 0x80: return (0x90...0xA7).contains(third) || third >= 0xB0
        // U+2040–U+205E (not the invisible operators from U+2060)
        case 0x81: return third <= 0x9E
        // arrows U+2190–U+21FF, mathematical operators U+2200–U+22FF, box drawing U+2500–U+257F,
        // braille U+2800–U+28FF
        case 0x86: return third >= 0x90
        case 0x87...0x8B, 0x94, 0x95, 0xA0...0xA3: return true
        default: return false
        }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        // Format characters have no width but the prepended concatenation marks (the Arabic
        // number sign, the end of ayah): they are drawn, one column, as glibc and terminals count.
        case .format:
            switch v {
            case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return false
            default: return true
            }
        // Hangul medial vowels and final consonants, and their extension B
        default: return (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v)
        }
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        // Regional indicators are emoji presentation but East Asian neutral: glibc gives each one
        // column, so a flag takes two.
        if (0x1F1E6...0x1F1FF).contains(v) { return false }
        if scalar.properties.isEmojiPresentation { return true }
        // A binary search: the ranges are sorted and apart.
        var low = 0
        var high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if v < range.lowerBound {
                high = middle
            } else if v > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Ranges of letters, none a mark, a format character or wide (`DisplayWidthFastPathTests`
    /// checks each against the rule).
    private static let plainLetters: [ClosedRange<UInt32>] = [
        0x0370...0x0482, 0x048A...0x052F, 0x05D0...0x05EA, 0x0620...0x064A, 0x0905...0x0939, 0x0E01...0x0E30,
    ]

    /// The characters glibc's `wcwidth` counts as two columns (glibc 2.36, Unicode 15: East Asian
    /// Wide and Fullwidth, emoji presentation), assigned ones only: the screen's writer measures
    /// cells with `wcwidth`, and terminals draw as it says (decision 87). Made by a loop over
    /// every scalar with `wcwidth`; `CombiningMarkWidthTests` compares every scalar.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x2E99,
        0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x3029, 0x302E...0x303E, 0x3041...0x3096,
        0x309B...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0xA48C,
        0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFA6D, 0xFA70...0xFAD9, 0xFE10...0xFE19,
        0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE3,
        0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3,
        0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B150...0x1B152, 0x1B164...0x1B167,
        0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DD...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FA74, 0x1FA78...0x1FA7C, 0x1FA80...0x1FA86, 0x1FA90...0x1FAAC, 0x1FAB0...0x1FABA,
        0x1FAC0...0x1FAC5, 0x1FAD0...0x1FAD9, 0x1FAE0...0x1FAE7, 0x1FAF0...0x1FAF6, 0x20000...0x2A6DF,
        0x2A700...0x2B738, 0x2B740...0x2B81D, 0x2B820...0x2CEA1, 0x2CEB0...0x2EBE0, 0x2F800...0x2FA1D,
        0x30000...0x3134A,
    ]
}
