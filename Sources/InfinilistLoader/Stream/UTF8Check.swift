/// Whether the UTF-8 around a byte of 0x80 or more is shown on screen as other bytes than it is:
/// bytes that are not UTF-8 (shown as U+FFFD) or a character `TerminalText.sanitize` escapes
/// (`LineMatch`, decision 145). Where the bytes needed run past what is read, yes: the line is
/// then read, never passed over wrongly.
enum UTF8Check {
    static func shownOtherwise(_ base: UnsafePointer<UInt8>, at: Int, size: Int) -> Bool {
        let byte = base[at]
        if (0x80...0xBF).contains(byte) {
            // A continuation byte: within the sequence its lead starts (which was checked), or not.
            var back = 1
            while back <= 3, at - back >= 0, (0x80...0xBF).contains(base[at - back]) { back += 1 }
            guard at - back >= 0 else { return true }
            return back >= length(of: base[at - back])
        }
        let count = length(of: byte)
        guard count > 0 else { return true }
        guard at + count <= size else { return true }
        let second = base[at + 1]
        let secondRange: ClosedRange<UInt8> = switch byte {
        case 0xE0: 0xA0...0xBF
        case 0xED: 0x80...0x9F
        case 0xF0: 0x90...0xBF
        case 0xF4: 0x80...0x8F
        default: 0x80...0xBF
        }
        guard secondRange.contains(second) else { return true }
        for index in 2..<max(2, count) where !(0x80...0xBF).contains(base[at + index]) { return true }
        let third = count > 2 ? base[at + 2] : 0
        switch (byte, second, third) {
        case (0xC2, 0x80...0x9F, _), (0xD8, 0x9C, _),
             (0xE2, 0x80, 0x8B...0x8F), (0xE2, 0x80, 0xA8...0xAE), (0xE2, 0x81, 0xA0...0xA4), (0xE2, 0x81, 0xA6...0xA9),
             (0xEF, 0xBB, 0xBF), (0xEF, 0xBF, 0xBD):
            return true
        default:
            return false
        }
    }

    /// The bytes of the sequence `lead` starts; 0 for a byte no sequence starts with.
    private static func length(of lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}
