/// Makes untrusted text (API data, error bodies, paths typed by the user) safe to draw as one row.
/// A server controls item text, so it could otherwise send escape sequences that retitle the
/// window, write the clipboard (OSC 52) or clear the screen, fake extra rows with `\r\n`, or
/// reorder what the user reads with bidi overrides (Trojan Source). Instead of dropping such
/// characters they are shown as visible escapes, so nothing is hidden from the user either.
public enum TerminalText {
    /// One line with every control, bidi control and invisible format character replaced by a
    /// visible escape: `\t`, `\n`, `\r`; `\xNN` below U+0100 (C0, DEL, C1); `\u{NNNN}` above.
    /// U+FFFD (what unpaired surrogates decode to) is escaped too, so broken data is visible.
    /// Kept: variation selectors U+FE0E/U+FE0F, and U+200D (ZWJ) between two emoji, so that emoji
    /// sequences such as 👨‍👩‍👧 still render.
    ///
    /// Linear in the text's length: the result is written as bytes into one growing buffer and
    /// made a string once. (It was built with `String.UnicodeScalarView.append(contentsOf:)`,
    /// which copies the whole view on every call: 80,000 escaped characters took 18 s.)
    public static func sanitize(_ s: String) -> String {
        guard mayNeedEscapes(s) else { return s }
        let scalars = Array(s.unicodeScalars)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + s.utf8.count / 2)
        for (i, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x09:
                out.append(0x5C); out.append(0x74) // \t
            case 0x0A:
                out.append(0x5C); out.append(0x6E) // \n
            case 0x0D:
                out.append(0x5C); out.append(0x72) // \r
            case 0x00...0x1F, 0x7F...0x9F:
                out.append(0x5C); out.append(0x78) // \x
                appendHex(scalar.value, digits: 2, to: &out)
            case 0x200D where joinsEmoji(scalars, at: i):
                out.append(contentsOf: scalar.utf8)
            case 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069,
                 0x2028, 0x2029, 0xFEFF, 0xFFFD:
                out.append(0x5C); out.append(0x75); out.append(0x7B) // \u{
                appendHex(scalar.value, digits: 4, to: &out)
                out.append(0x7D) // }
            default:
                out.append(contentsOf: scalar.utf8)
            }
        }
        TextWork.count(bytes: out.count)
        return String(decoding: out, as: UTF8.self)
    }

    /// A cheap pre-check on the UTF-8 bytes: almost all text has none of the characters escaped,
    /// and is returned without being copied. Checked to the byte, not by lead byte alone: `·`,
    /// `…`, `›` and `│` (U+00B7, U+2026, U+203A, U+2502), which every status line, clipped cell
    /// and preview pane holds, share lead bytes with C1 controls and bidi controls.
    private static func mayNeedEscapes(_ s: String) -> Bool {
        if let found = s.utf8.withContiguousStorageIfAvailable(needsEscape) { return found }
        return Array(s.utf8).withUnsafeBufferPointer(needsEscape)
    }

    private static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var offset = 0
        while offset < count {
            let byte = bytes[offset]
            offset += 1
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { return true }
                continue
            }
            // Only these lead bytes start an escaped character: the rest of the text's bytes
            // (every byte of Cyrillic, Greek or CJK text) are passed over by this one test.
            guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF else { continue }
            let second = offset < count ? bytes[offset] : 0
            let third = offset + 1 < count ? bytes[offset + 1] : 0
            switch (byte, second) {
            // C1 controls; U+061C
            case (0xC2, 0x80...0x9F), (0xD8, 0x9C):
                return true
            // U+200B–U+200F, U+2028–U+202E
            case (0xE2, 0x80) where (0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third):
                return true
            // U+2060–U+2064, U+2066–U+2069
            case (0xE2, 0x81) where (0xA0...0xA4).contains(third) || (0xA6...0xA9).contains(third):
                return true
            // U+FEFF, U+FFFD
            case (0xEF, 0xBB) where third == 0xBF, (0xEF, 0xBF) where third == 0xBD:
                return true
            default: continue
            }
        }
        return false
    }

    /// Whether the ZWJ at `index` sits between two emoji (variation selectors before it skipped).
    private static func joinsEmoji(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, scalars[before].value == 0xFE0F || scalars[before].value == 0xFE0E {
            before -= 1
        }
        let after = index + 1
        guard before >= 0, after < scalars.count else { return false }
        return isEmoji(scalars[before]) && isEmoji(scalars[after])
    }

    /// `isEmoji` is also true for ASCII digits, `#` and `*` (keycap bases); a ZWJ between those
    /// joins nothing and is escaped.
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isEmoji
    }

    /// `value` in upper-case hexadecimal, zero-padded to at least `digits` digits.
    private static func appendHex(_ value: UInt32, digits: Int, to out: inout [UInt8]) {
        var count = 1
        while count < 8, value >> (4 * UInt32(count)) != 0 { count += 1 }
        count = max(count, digits)
        for position in stride(from: count - 1, through: 0, by: -1) {
            let digit = UInt8((value >> (4 * UInt32(position))) & 0xF)
            out.append(digit < 10 ? 0x30 + digit : 0x41 + digit - 10)
        }
    }
}
