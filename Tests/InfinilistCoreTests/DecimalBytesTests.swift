import Testing
import InfinilistCore

@Suite struct DecimalBytesTests {
    private func text(_ value: UInt64, minimumDigits: Int = 1) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "<")]
        DecimalBytes.append(value, minimumDigits: minimumDigits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func writesEveryDigitOfEachMagnitude() {
        for value: UInt64 in [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 65_535, 1_000_000_007, UInt64.max] {
            #expect(text(value) == "<\(value)")
        }
    }

    @Test func padsWithZerosToTheMinimum() {
        #expect(text(5, minimumDigits: 2) == "<05")
        #expect(text(5, minimumDigits: 4) == "<0005")
        #expect(text(2026, minimumDigits: 2) == "<2026")
        #expect(text(0, minimumDigits: 3) == "<000")
        #expect(text(7, minimumDigits: 25) == "<" + String(repeating: "0", count: 19) + "7")
    }
}
