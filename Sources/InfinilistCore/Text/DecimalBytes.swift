/// Non-negative numbers written in decimal straight into bytes: the demo's dates (one a ↓ while
/// scrolling) and the cursor moves of the screen's writer, where a String a number would cost an
/// allocation each.
public enum DecimalBytes {
    /// Appends `value` in decimal, zero-padded to at least `minimumDigits` digits.
    public static func append(_ value: UInt64, minimumDigits: Int = 1, to bytes: inout [UInt8]) {
        var divisor: UInt64 = 1
        var count = 1
        while count < minimumDigits || value / divisor >= 10 {
            divisor *= 10
            count += 1
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
