import InfinilistCore

/// What makes a line of a JSON-lines file one that a search (`/`) must read (decision 145): its
/// bytes hold the query, ignoring ASCII case; or they hold something whose row text may differ
/// from its bytes, so the query could be in the text and not in the bytes: an escape (`\`), a
/// control byte, DEL, bytes that are not UTF-8 (shown as U+FFFD), a character the screen shows
/// escaped (C1 controls, U+061C, U+200B–U+200F, U+2028–U+202E, U+2060–U+2064, U+2066–U+2069,
/// U+FEFF, U+FFFD; `TerminalText.sanitize`), or `"plain_text"` (rich text, whose pieces a cell
/// joins: `TypedValue`). Any other line's row text is its own bytes (a string's, a number's as
/// written) or is made of them with `{}[]",` or a space at the ends of the joins, which the query
/// does not hold where they could be (`PassTarget.search`). So a line that is none of these
/// cannot match, and is passed over unread. Where bytes run past what is read, the line is read:
/// never a match missed.
struct LineMatch: Sendable {
    /// The query, ASCII letters lowercased.
    let needle: [UInt8]
    private let query: WordNeedle
    private let richText: WordNeedle

    init?(query: String) {
        guard !query.isEmpty else { return nil }
        needle = query.utf8.map(WordNeedle.fold)
        self.query = WordNeedle(needle, foldsCase: true)
        richText = WordNeedle(Array("\"plain_text\"".utf8), foldsCase: false)
    }

    /// How many bytes past a read's counted part a search needs to see a match that starts
    /// there whole: the longer needle, and a word more for the word tests.
    var lookahead: Int { max(needle.count, 12) + 16 }

    /// Whether a byte of the `count` bytes at `at` (a multiple of eight) may begin a match or is
    /// one that makes a line read, eight bytes to a word; true where the test would read past
    /// `size`. The needle tests may say yes for a byte that is not one (a borrow from the byte
    /// below): that byte is then looked at and found to be nothing.
    func mayStart(_ base: UnsafePointer<UInt8>, at: Int, count: Int, size: Int) -> Bool {
        guard at + count + lookahead <= size else { return true }
        for place in stride(from: at, to: at + count, by: 8) {
            let word = ByteWord.load(base, at: place)
            // Not ASCII: checked as UTF-8 byte by byte.
            if ByteWord.holdsNonASCII(word) { return true }
            if ByteWord.holds(0x5C, in: word) || ByteWord.holds(0x7F, in: word) { return true }
            // Control bytes but the line break (a carriage return is looked at in `mayMatch`).
            if ByteWord.exactPlaces(below: 0x20, in: word) & ~ByteWord.exactPlaces(of: 0x0A, in: word) != 0 { return true }
            if query.mayStart(base, at: place) || richText.mayStart(base, at: place) { return true }
        }
        return false
    }

    /// Whether the byte at `at` (of `size` bytes at `base`) makes its line one to read.
    func mayMatch(_ base: UnsafePointer<UInt8>, at: Int, size: Int) -> Bool {
        let byte = base[at]
        switch byte {
        case 0x5C, 0x7F, 0x00...0x09, 0x0B, 0x0C, 0x0E...0x1F:
            return true
        case 0x0D:
            // The end of a CRLF line is no character of its row.
            return at + 1 >= size || base[at + 1] != 0x0A
        case 0x80...0xFF:
            return UTF8Check.shownOtherwise(base, at: at, size: size)
        default:
            return query.holds(base, at: at, size: size) || richText.holds(base, at: at, size: size)
        }
    }
}

/// A needle found by its first, middle and last bytes eight places at a time (the generic SIMD
/// substring search, on words): a first byte on every line ("R" of "Record 1910253:") does not
/// send every line to be looked at byte by byte.
struct WordNeedle: Sendable {
    let bytes: [UInt8]
    let foldsCase: Bool
    private let span: Int
    private let first: (UInt8, UInt8)
    private let middle: (UInt8, UInt8)
    private let last: (UInt8, UInt8)

    init(_ bytes: [UInt8], foldsCase: Bool) {
        self.bytes = bytes
        self.foldsCase = foldsCase
        span = bytes.count - 1
        let both = { (byte: UInt8) in (byte, foldsCase ? Self.otherCase(byte) : byte) }
        first = both(bytes[0])
        middle = both(bytes[span / 2])
        last = both(bytes[span])
    }

    /// Whether the needle may start at one of the eight places at `place` (bytes up to
    /// `place + span + 8` readable).
    func mayStart(_ base: UnsafePointer<UInt8>, at place: Int) -> Bool {
        let starts = Self.places(first, in: ByteWord.load(base, at: place))
        guard starts != 0 else { return false }
        let ends = starts & Self.places(last, in: ByteWord.load(base, at: place + span))
        return ends != 0 && ends & Self.places(middle, in: ByteWord.load(base, at: place + span / 2)) != 0
    }

    /// Whether the needle starts at `at`; true where it would run past `size`.
    func holds(_ base: UnsafePointer<UInt8>, at: Int, size: Int) -> Bool {
        guard fold(base[at]) == bytes[0] else { return false }
        guard at + bytes.count <= size else { return true }
        for index in 1..<bytes.count where fold(base[at + index]) != bytes[index] { return false }
        return true
    }

    private func fold(_ byte: UInt8) -> UInt8 { foldsCase ? Self.fold(byte) : byte }

    private static func places(_ pair: (UInt8, UInt8), in word: UInt64) -> UInt64 {
        ByteWord.places(of: pair.0, in: word) | ByteWord.places(of: pair.1, in: word)
    }

    static func fold(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private static func otherCase(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: byte | 0x20
        case 0x61...0x7A: byte & ~0x20
        default: byte
        }
    }
}
