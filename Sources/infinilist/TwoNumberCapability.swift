import CNCursesW
import Glibc
import InfinilistCore

/// A terminfo string that takes two numbers: `cup` (row, column) and `csr` (top, bottom row).
/// Nearly every terminal's is ANSI's pattern, `ESC [ %i%p1%d ; %p2%d` and one final byte (`H`,
/// `r`): those are written here, digits straight into the output. Terminfo formats the others,
/// as curses did for all of them; a ↓ moves the cursor a few times and terminfo's formatter cost
/// about 130 instructions a move (decision 85).
struct TwoNumberCapability {
    let text: String
    /// The final byte when `text` is ANSI's pattern.
    private let ansiFinal: UInt8?

    init(_ text: String) {
        self.text = text
        let prefix = "\u{1B}[%i%p1%d;%p2%d"
        let final = text.hasPrefix(prefix) ? Array(text.utf8.dropFirst(prefix.utf8.count)) : []
        ansiFinal = final.count == 1 && (0x40...0x7E).contains(final[0]) ? final[0] : nil
    }

    /// The sequence for `first` and `second` (0-based, as curses passes them), appended to `out`.
    func append(_ first: Int, _ second: Int, to out: inout [UInt8]) {
        guard let ansiFinal else { return out += Self.bytes(shim_tiparm2(text, Int32(first), Int32(second))) }
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

    static func bytes(_ text: UnsafePointer<CChar>?) -> [UInt8] {
        guard let text else { return [] }
        return UnsafeBufferPointer(start: text, count: strlen(text)).map { UInt8(bitPattern: $0) }
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
