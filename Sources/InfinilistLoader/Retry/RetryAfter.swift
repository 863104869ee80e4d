/// The `Retry-After` header (RFC 9110 §10.2.3) as a number of seconds to wait. Servers send it with
/// 429 and 503 (and GitHub with its secondary-rate-limit 403) as whole seconds, as an HTTP date,
/// and in the wild also as decimal seconds (`1.5`); all three are understood. A date in the past
/// means "now" (0). Anything else — negative, empty, garbage — is nil, and the caller falls back to
/// its own backoff.
enum RetryAfter {
    /// Seconds to wait, from a header value, given the current time in seconds since 1970.
    static func seconds(_ value: String, now: Double) -> Double? {
        let text = value.trimmingASCIISpaces()
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        if let seconds = decimalSeconds(text) { return seconds }
        guard let date = HTTPDate.secondsSince1970(text) else { return nil }
        return max(0, Double(date) - now)
    }

    /// `120` or `1.5`: digits, optionally a point and more digits. No sign, no exponent.
    static func decimalSeconds(_ text: String) -> Double? {
        var sawDigit = false
        var sawPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: ".") where !sawPoint && sawDigit: sawPoint = true
            default: return nil
            }
        }
        guard sawDigit, text.utf8.last != UInt8(ascii: "."), let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (header values may be padded).
    func trimmingASCIISpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
