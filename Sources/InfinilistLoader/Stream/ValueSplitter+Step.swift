import InfinilistCore

/// One byte of an open value at a time: the state machine `ValueSplitter.finishValue` runs in its
/// hot loop (strings and escapes followed, brackets counted, where each shape of value ends).
extension ValueSplitter {
    /// Where the next byte `step` must see is, from `index`: inside a string only a quote, a
    /// backslash, a line break or RS means anything, and between a container's strings only a
    /// quote, a bracket, a line break or RS. The bytes between are passed in a tight loop rather
    /// than one `step` call each (most of a record is string text): the splitter read 300 MB/s.
    static func skipPlainBytes(_ open: inout OpenValue, _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, to stop: Int) -> Int {
        var index = index
        if open.inString {
            guard !open.escaped, index > open.start else { return index }
            // Eight bytes at a time while none of them is one of those four.
            if let base = bytes.baseAddress {
                while index + 8 <= stop, !holdsStringStop(ByteWord.load(base, at: index)) {
                    index += 8
                }
            }
            while index < stop {
                let byte = bytes[index]
                if byte == 0x22 || byte == 0x5C || byte == 0x0A || byte == recordSeparator { break }
                index += 1
            }
        } else if open.shape == .container, index > open.start {
            let first = index
            while index < stop {
                let byte = bytes[index]
                if byte == 0x22 || byte == 0x7B || byte == 0x5B || byte == 0x7D || byte == 0x5D || byte == 0x0A || byte == recordSeparator { break }
                index += 1
            }
            // As `step` would have left it after those bytes: none was a line break.
            if index > first { open.afterNewline = false }
        }
        return index
    }

    /// Whether a value may start at `index` (a `{` or `[` opening a line inside an open value):
    /// after `:`, `[`, or `,` in an array. Such a line is then the value going on, as
    /// `json.dumps(indent=0)` writes nested values at the start of their lines; anywhere else a
    /// line opening an object is a new record after one cut short (decision 117).
    static func valueMayStart(_ open: OpenValue, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var before = index - 1
        while before >= open.start, isSpace(bytes[before]) { before -= 1 }
        guard before >= open.start else { return false }
        switch bytes[before] {
        case UInt8(ascii: ":"), UInt8(ascii: "["):
            return true
        case UInt8(ascii: ","):
            guard open.depth <= 64 else { return false }
            return open.arrays & (UInt64(1) << UInt64(open.depth - 1)) != 0
        default:
            return false
        }
    }

    /// Whether a byte of `word` is a quote, a backslash, a line break or RS (`ByteWord`).
    static func holdsStringStop(_ word: UInt64) -> Bool {
        ByteWord.holds(0x22, in: word) || ByteWord.holds(0x5C, in: word) || ByteWord.holds(0x0A, in: word)
            || ByteWord.holds(recordSeparator, in: word)
    }

    /// A byte inside a string: the start or end of an escape, or the quote that closes it (then
    /// true).
    @inline(__always)
    private static func stepInString(_ open: inout OpenValue, _ byte: UInt8) -> Bool {
        if open.escaped {
            open.escaped = false
        } else if byte == UInt8(ascii: "\\") {
            open.escaped = true
        } else if byte == UInt8(ascii: "\"") {
            open.inString = false
            return true
        }
        return false
    }

    /// Looks at one byte of an open value: nil to go on, or where the value ends.
    static func step(_ open: inout OpenValue, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, inArray: Bool, provesArray: Bool) -> Outcome? {
        let byte = bytes[index]
        let newline = UInt8(ascii: "\n")
        switch open.shape {
        case .text:
            return byte == newline || byte == UInt8(ascii: "\r") ? .complete(index) : nil
        case .junk:
            // Damage inside an array ends at the next `,` or `]` outside the brackets and strings
            // it opened (`garbage {"b":[3]}`: its `]` is not the array's), or at a line break.
            if byte == newline { return .complete(index) }
            if open.inString {
                _ = stepInString(&open, byte)
                return nil
            }
            switch byte {
            case UInt8(ascii: "\""): open.inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): open.depth += 1
            case UInt8(ascii: "}"): open.depth = max(0, open.depth - 1)
            case UInt8(ascii: "]"):
                if open.depth == 0 { return .complete(index) }
                open.depth -= 1
            case UInt8(ascii: ","):
                if open.depth == 0 { return .complete(index) }
            default: break
            }
            return nil
        case .stray:
            return byte == newline || byte == recordSeparator ? .complete(index) : nil
        case .nulRun:
            return byte != 0 ? .complete(index) : nil
        case .scalar:
            guard index > open.start, Self.endsScalar(byte) else { return nil }
            if Self.isScalar(bytes[open.start..<index]) { return .complete(index) }
            // `not json`, `total 5`: a line of text that starts like a literal (in an array of
            // values, `tru,`: damage up to the next element).
            open.shape = provesArray ? .junk : .text
            return step(&open, bytes, at: index, inArray: inArray, provesArray: provesArray)
        case .string, .container:
            // A record separator cannot be inside a value: the value was cut short there.
            if byte == Self.recordSeparator { return .broken(index) }
            if open.inString || (open.shape == .string && index == open.start) {
                if index == open.start { open.inString = true; return nil }
                if !open.escaped, byte == newline { return .broken(index) }
                if stepInString(&open, byte), open.shape == .string { return .complete(index + 1) }
                return nil
            }
            defer { open.afterNewline = byte == newline }
            switch byte {
            case UInt8(ascii: "\""): open.inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if open.afterNewline && !inArray && open.depth > 0 && !Self.valueMayStart(open, bytes, at: index) { return .broken(index - 1) }
                if open.depth < 64 {
                    let bit = UInt64(1) << UInt64(open.depth)
                    open.arrays = byte == UInt8(ascii: "[") ? open.arrays | bit : open.arrays & ~bit
                }
                open.depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open.depth -= 1
                if open.depth <= 0 { return .complete(index + 1) }
            default: break
            }
            return nil
        }
    }
}
