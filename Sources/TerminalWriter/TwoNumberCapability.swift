import InfinilistCore

/// A terminfo string that takes two numbers: `cup` (row, column) and `csr` (top, bottom row).
/// Nearly every terminal's is ANSI's pattern, `ESC [ %i%p1%d ; %p2%d` and one final byte (`H`,
/// `r`): those are written here, digits straight into the output. Terminfo formats the others,
/// as curses did for all of them; a ↓ moves the cursor a few times and terminfo's formatter cost
/// about 130 instructions a move (decision 85).
public struct TwoNumberCapability: Sendable {
    let text: String
    /// The final byte when `text` is ANSI's pattern.
    private let ansiFinal: UInt8?
    /// Terminfo's formatter, for a pattern that is not ANSI's.
    private let format: @Sendable (Int, Int) -> [UInt8]

    /// `format` writes the capability for two numbers when it is not ANSI's pattern (terminfo's
    /// `tiparm`); ANSI's is written here.
    public init(_ text: String, format: @escaping @Sendable (Int, Int) -> [UInt8] = { _, _ in [] }) {
        self.text = text
        self.format = format
        let prefix = "\u{1B}[%i%p1%d;%p2%d"
        let final = text.hasPrefix(prefix) ? Array(text.utf8.dropFirst(prefix.utf8.count)) : []
        ansiFinal = final.count == 1 && (0x40...0x7E).contains(final[0]) ? final[0] : nil
    }

    /// The sequence for `first` and `second` (0-based, as curses passes them), appended to `out`.
    func append(_ first: Int, _ second: Int, to out: inout [UInt8]) {
        guard let ansiFinal else { return out += format(first, second) }
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        DecimalBytes.append(UInt64(clamping: first + 1), to: &out)
        out.append(UInt8(ascii: ";"))
        DecimalBytes.append(UInt64(clamping: second + 1), to: &out)
        out.append(ansiFinal)
    }

    /// How many bytes `append` writes for `first` and `second`.
    func length(_ first: Int, _ second: Int) -> Int {
        guard ansiFinal != nil else {
            var bytes: [UInt8] = []
            append(first, second, to: &bytes)
            return bytes.count
        }
        return 4 + Self.digits(first + 1) + Self.digits(second + 1)
    }

    private static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
