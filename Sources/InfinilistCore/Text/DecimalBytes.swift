/// Non-negative numbers written in decimal straight into bytes: the demo's dates (one a ↓ while
/// scrolling) and the cursor moves of the screen's writer, where a String a number would cost an
/// allocation each.
public enum DecimalBytes {
    /// Appends `value` in decimal, zero-padded to at least `minimumDigits` digits (at most 20, the
    /// digits of the largest value: a larger divisor would not fit). One division
    /// by a variable a digit (the writer's cursor moves write two numbers a row it changes).
    @inlinable
    public static func append(_ value: UInt64, minimumDigits: Int = 1, to bytes: inout [UInt8]) {
        var divisor: UInt64 = 1
        var digits = 1
        while divisor <= value / 10 || digits < min(minimumDigits, 20) {
            divisor *= 10
            digits += 1
        }
        var rest = value
        while divisor > 0 {
            let digit = rest / divisor
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit))
            rest -= digit * divisor
            divisor /= 10
        }
    }
}
