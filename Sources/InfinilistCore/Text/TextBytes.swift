/// Byte equality of strings: what a terminal would show alike, and what a kept row was laid out
/// from. (String's `==` is canonical equivalence: it normalises non-ASCII text to compare it.)
enum TextBytes {
    /// Over the strings' own storage when they have it (native strings do): a pointer comparison
    /// when they share it, else eight bytes at a time.
    static func equal(_ a: String, _ b: String) -> Bool {
        // The same string (one storage shared, or the same short string held inline) has the
        // same two words: a frame's kept rows hold the very strings of the last frame's.
        if MemoryLayout<String>.size == 16,
           unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in
                first.baseAddress == second.baseAddress || equal(first, second)
            }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Two buffers of the same length, eight bytes at a time.
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = UnsafeRawBufferPointer(a)
        let second = UnsafeRawBufferPointer(b)
        var offset = 0
        while offset + 8 <= first.count {
            if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < first.count {
            if first[offset] != second[offset] { return false }
            offset += 1
        }
        return true
    }
}
