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
        DecimalBytes.append(Int64(year).magnitude, minimumDigits: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalBytes.append(UInt64(month), minimumDigits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalBytes.append(UInt64(day), minimumDigits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        DecimalBytes.append(UInt64(secondsOfDay / 3600), minimumDigits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalBytes.append(UInt64(secondsOfDay / 60 % 60), minimumDigits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalBytes.append(UInt64(secondsOfDay % 60), minimumDigits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }


    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
