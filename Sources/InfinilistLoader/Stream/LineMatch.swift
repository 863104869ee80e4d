import InfinilistCore

/// What makes a line of a JSON-lines file one that a search (`/`) must read (decision 145): its
/// bytes hold the query, ignoring ASCII case; or they hold something whose row text differs from
/// its bytes, so the query could be in the text and not in the bytes: an escape (`\`), a control
/// byte, DEL, or a character the screen shows escaped (C1 controls, U+061C, U+200B–U+200F,
/// U+2028–U+202E, U+2060–U+2064, U+2066–U+2069, U+FEFF, U+FFFD; `TerminalText.sanitize`). Any
/// other line's row text is its own bytes (a string's, a number's as written), a summary of
/// names joined by `, ` (which the query does not hold: `PassTarget.search`), or compact JSON,
/// which differs from the bytes only by the spaces next to `{}[]:,`: the query is matched with
/// any spaces there, in it and in the bytes. So a line that is none of these cannot match, and
/// is passed over unread. Where bytes run past the chunk, the line is read: never a match missed.
struct LineMatch: Sendable {
    /// The query, ASCII letters lowercased, without spaces next to `{}[]:`.
    let needle: [UInt8]
    private let first: UInt8
    private let firstOtherCase: UInt8
    private let last: UInt8
    private let lastOtherCase: UInt8
    private let middle: UInt8
    private let middleOtherCase: UInt8
    /// How far the needle's last byte is from its first, when that is fixed (no byte of the
    /// needle lets spaces in beside it): eight places are then tested for both at once, as the
    /// generic SIMD substring search does, and for the byte halfway, so a first and last byte on
    /// every line ("R" and ":" of "Record 1910253:") do not send every line to be looked at byte
    /// by byte.
    private let span: Int

    init?(query: String) {
        let bytes = Array(query.utf8)
        let needle = bytes.indices.filter { at in
            !(Self.isSpace(bytes[at]) && ((at > 0 && Self.isStructural(bytes[at - 1])) || (at + 1 < bytes.count && Self.isStructural(bytes[at + 1]))))
        }.map { Self.fold(bytes[$0]) }
        guard let head = needle.first, let tail = needle.last else { return nil }
        self.needle = needle
        first = head
        firstOtherCase = Self.otherCase(head)
        let fixed = !needle.contains(where: Self.isStructural)
        span = fixed ? needle.count - 1 : 0
        last = fixed ? tail : head
        lastOtherCase = Self.otherCase(last)
        middle = needle[span / 2]
        middleOtherCase = Self.otherCase(middle)
    }

    /// How many bytes past a read's counted part a search needs to see a match that starts
    /// there whole: the needle, and a word more for the word tests.
    var lookahead: Int { needle.count + 16 }

    /// Whether a byte of the `count` bytes at `at` (a multiple of eight) may begin a match or is
    /// one that makes a line read, eight bytes to a word; true where the test would read past
    /// `size`. The word tests may say yes for a byte that is not one (a borrow from the byte
    /// below): that byte is then looked at and found to be nothing.
    func mayStart(_ base: UnsafePointer<UInt8>, at: Int, count: Int, size: Int) -> Bool {
        guard at + count + span + 8 <= size else { return true }
        for place in stride(from: at, to: at + count, by: 8) {
            let word = ByteWord.load(base, at: place)
            let ends = ByteWord.load(base, at: place + span)
            let starts = ByteWord.places(of: first, in: word) | ByteWord.places(of: firstOtherCase, in: word)
            let ending = ByteWord.places(of: last, in: ends) | ByteWord.places(of: lastOtherCase, in: ends)
            if starts & ending != 0 {
                let halfway = ByteWord.load(base, at: place + span / 2)
                if starts & ending & (ByteWord.places(of: middle, in: halfway) | ByteWord.places(of: middleOtherCase, in: halfway)) != 0 { return true }
            }
            if ByteWord.holds(0x5C, in: word) || ByteWord.holds(0x7F, in: word) { return true }
            // Control bytes but the line break (a carriage return is looked at in `mayMatch`).
            if ByteWord.places(below: 0x20, in: word) & ~ByteWord.places(of: 0x0A, in: word) != 0 { return true }
            if ByteWord.holdsNonASCII(word), ByteWord.holds(0xC2, in: word) || ByteWord.holds(0xD8, in: word)
                || ByteWord.holds(0xE2, in: word) || ByteWord.holds(0xEF, in: word) {
                return true
            }
        }
        return false
    }

    /// Whether the byte at `at` (of `size` bytes at `base`) makes its line one to read.
    func mayMatch(_ base: UnsafePointer<UInt8>, at: Int, size: Int) -> Bool {
        let byte = base[at]
        /// The byte `ahead` places on; nil past the chunk (then the line is read).
        func after(_ ahead: Int) -> UInt8? { at + ahead < size ? base[at + ahead] : nil }
        switch byte {
        case 0x5C, 0x7F, 0x00...0x09, 0x0B, 0x0C, 0x0E...0x1F:
            return true
        case 0x0D:
            // The end of a CRLF line is no character of its row.
            return after(1) != 0x0A
        case 0xC2:
            // C1 controls: U+0080–U+009F.
            return after(1).map { (0x80...0x9F).contains($0) } ?? true
        case 0xD8:
            return after(1).map { $0 == 0x9C } ?? true
        case 0xE2:
            guard let second = after(1), let third = after(2) else { return true }
            switch (second, third) {
            case (0x80, 0x8B...0x8F), (0x80, 0xA8...0xAE), (0x81, 0xA0...0xA4), (0x81, 0xA6...0xA9): return true
            default: break
            }
        case 0xEF:
            guard let second = after(1), let third = after(2) else { return true }
            if (second, third) == (0xBB, 0xBF) || (second, third) == (0xBF, 0xBD) { return true }
        default:
            break
        }
        guard Self.fold(byte) == needle[0] else { return false }
        var place = at
        for wanted in needle {
            let structural = Self.isStructural(wanted)
            if structural { while place < size, Self.isSpace(base[place]) { place += 1 } }
            guard place < size else { return true }
            guard Self.fold(base[place]) == wanted else { return false }
            place += 1
            if structural { while place < size, Self.isSpace(base[place]) { place += 1 } }
        }
        return true
    }

    /// What compact JSON writes no space next to (the comma is not in a query that passes).
    private static func isStructural(_ byte: UInt8) -> Bool {
        byte == 0x3A || byte == 0x7B || byte == 0x7D || byte == 0x5B || byte == 0x5D || byte == 0x2C
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func fold(_ byte: UInt8) -> UInt8 {
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
