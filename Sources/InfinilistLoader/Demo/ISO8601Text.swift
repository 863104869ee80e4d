import InfinilistCore

/// Formats a UTC timestamp as `2026-11-21T10:00:00Z` without Foundation's date machinery
/// (whose output depends on the locale and time zone of the machine).
enum ISO8601Text {
    static func utc(epochSeconds: Int64) -> String {
        let days = floorDiv(epochSeconds, 86_400)
        let secondsOfDay = epochSeconds - days * 86_400
        let (year, month, day) = DateValue.civil(daysSinceEpoch: Int(days))
        // Digits into one buffer: the demo dates every item it makes, one a ↓ while scrolling.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        append(Int64(year).magnitude, digits: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(UInt64(month), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(UInt64(day), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(UInt64(secondsOfDay / 3600), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(UInt64(secondsOfDay / 60 % 60), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(UInt64(secondsOfDay % 60), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` in decimal, zero-padded to at least `digits` digits.
    private static func append(_ value: UInt64, digits: Int, to bytes: inout [UInt8]) {
        var divisor: UInt64 = 1
        var count = 1
        while count < digits || value / divisor >= 10 {
            divisor *= 10
            count += 1
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
