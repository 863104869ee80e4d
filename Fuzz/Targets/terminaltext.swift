@testable import InfinilistCore

/// The last guard before the terminal: any text, once sanitized, holds no C0/C1 control, DEL,
/// bidi or invisible format character; sanitizing twice changes nothing; clipping to a width
/// never exceeds it and never splits a character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let safe = TerminalText.sanitize(text)
    for scalar in safe.unicodeScalars {
        let v = scalar.value
        check(v >= 0x20 && !(0x7F...0x9F).contains(v), "control character survived")
        check(!(0x202A...0x202E).contains(v) && !(0x2066...0x2069).contains(v) && v != 0x061C, "bidi control survived")
        check(!(0x200B...0x200C).contains(v) && v != 0x200E && v != 0x200F && v != 0xFEFF, "invisible character survived")
    }
    check(TerminalText.sanitize(safe) == safe, "sanitize is not idempotent")
    let total = DisplayWidth.of(safe)
    check(total >= 0, "negative width")
    for width in [0, 1, 2, 5, 80] {
        let clipped = DisplayWidth.clip(safe, to: width)
        check(clipped.width <= width && clipped.width == DisplayWidth.of(String(clipped.text)), "clip exceeds the width")
        check(safe.hasPrefix(clipped.text), "clip is not a prefix")
    }
    return 0
}
