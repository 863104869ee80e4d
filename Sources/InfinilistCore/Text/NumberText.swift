/// Numbers as people read them in a status line ("12,345"), without Foundation's locale.
enum NumberText {
    static func grouped(_ n: Int) -> String {
        var magnitude = n.magnitude
        // Under 1,000 there is nothing to group: the status line's row number, on every key.
        guard magnitude >= 1000 else { return String(n) }
        // Written backwards into a buffer of bytes, a comma every three digits: the count and
        // the total are grouped on every key (a String a character cost 3,000 instructions).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        var written = 0
        while magnitude > 0 {
            if written > 0, written % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
            written += 1
        }
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        return String(decoding: bytes.reversed(), as: UTF8.self)
    }

    /// A latency as "312 ms" or "1.4 s".
    static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
