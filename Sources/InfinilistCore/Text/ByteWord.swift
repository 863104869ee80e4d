/// Eight bytes tested at once: how the scans over string text (the compact copy, the stream
/// splitter) pass a word whose bytes are none they stop at. The tests are exact about whether
/// some byte matches, not which one: a word that matches is then read a byte at a time.
public enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` of `base`, in any alignment.
    @inlinable public static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
    }

    /// Whether a byte of `word` is `byte`.
    @inlinable public static func holds(_ byte: UInt8, in word: UInt64) -> Bool {
        places(of: byte, in: word) != 0
    }

    /// Whether a byte of `word` is below `limit` (at most 0x80).
    @inlinable public static func holdsByte(below limit: UInt8, in word: UInt64) -> Bool {
        places(below: limit, in: word) != 0
    }

    /// The high bit of each byte of `word` that is `byte`, and maybe of a byte above one that is
    /// (a borrow): none when no byte is.
    @inlinable public static func places(of byte: UInt8, in word: UInt64) -> UInt64 {
        let value = word ^ (ones &* UInt64(byte))
        return (value &- ones) & ~value & highs
    }

    /// The high bit of each byte of `word` below `limit` (at most 0x80), and maybe of a byte
    /// above one that is: none when no byte is.
    @inlinable public static func places(below limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// The high bit of each byte of `word` that is `byte`, exactly (no borrow from the byte below).
    @inlinable public static func exactPlaces(of byte: UInt8, in word: UInt64) -> UInt64 {
        let value = word ^ (ones &* UInt64(byte))
        let lows = ~highs
        return ~(((value & lows) &+ lows) | value | lows)
    }

    /// The high bit of each byte of `word` below `limit` (at most 0x80), exactly.
    @inlinable public static func exactPlaces(below limit: UInt8, in word: UInt64) -> UInt64 {
        let lows = ~highs
        // A byte's low seven bits plus 0x80 - limit reach its high bit when they are at least
        // `limit`; no carry leaves the byte.
        return ~(((word & lows) &+ ones &* UInt64(0x80 - limit)) | word) & highs
    }

    /// Whether a byte of `word` is 0x80 or above (not ASCII).
    @inlinable public static func holdsNonASCII(_ word: UInt64) -> Bool {
        word & highs != 0
    }
}
