/// Numbers as people read them in a status line ("12,345"), without Foundation's locale.
enum NumberText {
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        // Under 1,000 there is nothing to group: the status line's row number, on every key.
        guard digits.utf8.count > 3 else { return n < 0 ? "-" + digits : digits }
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }

    /// A latency as "312 ms" or "1.4 s".
    static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
