/// A JSON value's compact form found without building its tree, for items that only pass
/// through (a dump of JSON lines, a file's rows whose JSON is stored as read).
///
/// `JSONValue.compactJSON` of a parsed value writes every number as its literal, every literal
/// as written, and every string as the parser decoded it, escaped one way (`JSONWriter`). So for
/// most input the compact form is the input itself with the whitespace between tokens taken out;
/// a walk that checks the grammar as the parser does can find it and copy it, an order of
/// magnitude cheaper than a tree of strings and arrays built and written back. The walk gives up
/// (`needsParse`) wherever the written form could differ from the bytes read, and the caller
/// parses as before, so both roads give the same bytes:
/// - an escape the writer writes another way (`\/`, `\u0041`; `\"`, `\\`, `\n`, `\r`, `\t`, `\b`
///   and `\f` are kept), a byte that is not UTF-8, DEL, a C1 control or U+2028/U+2029 (escaped by
///   the writer) in a string;
/// - a key given twice in one object (the parser keeps one), a key that is not all ASCII (the
///   parser reads it, escapes and all), or an object of more keys than
///   `keysCompared` (their duplicates are found by hashing, in the parser);
/// - nesting deeper than the limit, a byte order mark, anything that is not one JSON value (the
///   parser then says what is wrong).
public enum CompactCopy: Equatable, Sendable {
    /// The compact form is these bytes of the input, unchanged (whitespace only around them).
    case slice(Range<Int>)
    /// The compact form, with whitespace inside the value taken out.
    case copied([UInt8])
    /// Not sure without parsing.
    case needsParse

    /// Keys of one object compared with each other for duplicates; past this many the value is
    /// parsed instead (a record of an API has tens).
    static let keysCompared = 64
}

extension JSONParser {
    /// The compact form of the JSON value `bytes` hold, if it can be found without parsing (see
    /// `CompactCopy`): then it is what `parse(bytes).compactJSON` gives.
    public static func compactCopy(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) -> CompactCopy {
        var compactor = JSONCompactor(maxDepth: maxDepth)
        return compactor.compactCopy(bytes)
    }
}

/// `JSONParser.compactCopy` for one value after another: the stacks of open containers and keys
/// are kept from one value to the next instead of being allocated for each.
public struct JSONCompactor: Sendable {
    private let maxDepth: Int
    private var stacks = CompactCopyStacks()

    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }

    public mutating func compactCopy(_ bytes: [UInt8]) -> CompactCopy {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = ByteParser(bytes: buffer, maxDepth: maxDepth)
            var copy = CompactCopier()
            stacks.clear()
            guard parser.copyCompact(&copy, stacks: &stacks) else { return .needsParse }
            return copy.result(of: buffer)
        }
    }
}

/// For each open container, whether it is an object; for each open object, where its keys start
/// in `keys` (the raw bytes between each key's quotes).
struct CompactCopyStacks: Sendable {
    var objects: [Bool] = []
    var keyStarts: [Int] = []
    var keys: [Range<Int>] = []

    mutating func clear() {
        objects.removeAll(keepingCapacity: true)
        keyStarts.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }
}

/// The output of a compact copy: nothing until whitespace inside the value is met (the usual
/// compact input costs no copy), then the input's runs between whitespace.
struct CompactCopier {
    /// The compact bytes so far, up to `copiedUpTo`; empty while no inner whitespace was met.
    var output: [UInt8] = []
    /// Where the input's bytes not yet copied start (after the last whitespace skipped).
    var copiedUpTo = 0
    /// Where the value starts (after leading whitespace) and ends.
    var valueStart = 0
    var valueEnd = 0
    /// Whether whitespace inside the value was taken out.
    var compacted = false

    func result(of bytes: UnsafeBufferPointer<UInt8>) -> CompactCopy {
        guard compacted else { return .slice(valueStart..<valueEnd) }
        var output = output
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<valueEnd]))
        return .copied(output)
    }
}

extension ByteParser {
    /// Walks one JSON value as `checkDocument` does, noting in `copy` the whitespace taken out;
    /// false where `CompactCopy` says the value must be parsed.
    mutating func copyCompact(_ copy: inout CompactCopier, stacks: inout CompactCopyStacks) -> Bool {
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return false }
        skipWhitespace()
        copy.valueStart = pos
        copy.copiedUpTo = pos
        parsing: while true {
            skipGap(&copy)
            guard pos < end else { return false }
            switch bytes[pos] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = bytes[pos] == UInt8(ascii: "{")
                guard stacks.objects.count < maxDepth else { return false }
                pos += 1
                skipGap(&copy)
                if pos < end, bytes[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                } else {
                    stacks.objects.append(isObject)
                    if isObject {
                        stacks.keyStarts.append(stacks.keys.count)
                        guard copyKey(&copy, keys: &stacks.keys, objectFrom: stacks.keys.count) else { return false }
                    }
                    continue parsing
                }
            case UInt8(ascii: "\""):
                guard copyString() != nil else { return false }
            case UInt8(ascii: "t"):
                guard (try? expectLiteral("true")) != nil else { return false }
            case UInt8(ascii: "f"):
                guard (try? expectLiteral("false")) != nil else { return false }
            case UInt8(ascii: "n"):
                guard (try? expectLiteral("null")) != nil else { return false }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard (try? skipNumber()) != nil else { return false }
            default:
                return false
            }
            // A value is complete: close every container that ends here.
            while let isObject = stacks.objects.last {
                skipGap(&copy)
                guard pos < end else { return false }
                if bytes[pos] == UInt8(ascii: ",") {
                    pos += 1
                    if isObject, let from = stacks.keyStarts.last {
                        guard copyKey(&copy, keys: &stacks.keys, objectFrom: from) else { return false }
                    }
                    continue parsing
                }
                guard bytes[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                pos += 1
                stacks.objects.removeLast()
                if isObject, let from = stacks.keyStarts.popLast() { stacks.keys.removeSubrange(from...) }
            }
            copy.valueEnd = pos
            skipWhitespace()
            return pos == end
        }
    }

    /// Skips whitespace inside the value; the bytes before it go to the copy's output.
    private mutating func skipGap(_ copy: inout CompactCopier) {
        let start = pos
        skipWhitespace()
        guard pos > start, start > copy.valueStart else { return }
        copy.output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copy.copiedUpTo..<start]))
        copy.copiedUpTo = pos
        copy.compacted = true
    }

    /// A key, its colon and the whitespace around them; false when it is not one, or the object
    /// (whose keys start at `objectFrom`) has it already or has too many to compare.
    private mutating func copyKey(_ copy: inout CompactCopier, keys: inout [Range<Int>], objectFrom: Int) -> Bool {
        skipGap(&copy)
        // Two keys are the same when their bytes are (`JSONObject`); a non-ASCII key goes the
        // parser's way, which also reads its escapes (`"\u00e9"` and `"é"` are one key).
        guard pos < end, bytes[pos] == UInt8(ascii: "\""), let string = copyString(), string.isASCII else { return false }
        let key = string.range
        guard keys.count - objectFrom < CompactCopy.keysCompared else { return false }
        let keyBytes = UnsafeBufferPointer(rebasing: bytes[key])
        for other in keys[objectFrom...] where other.count == key.count {
            if UnsafeBufferPointer(rebasing: bytes[other]).elementsEqual(keyBytes) { return false }
        }
        keys.append(key)
        skipGap(&copy)
        guard pos < end, bytes[pos] == UInt8(ascii: ":") else { return false }
        pos += 1
        return true
    }

    /// Moves past the string at `pos` (its opening quote) when the writer would write it as it
    /// is; returns the range between its quotes, and whether its bytes are all ASCII. Each ASCII
    /// character it keeps has one way of being written.
    private mutating func copyString() -> (range: Range<Int>, isASCII: Bool)? {
        pos += 1
        let start = pos
        var isASCII = true
        while pos < end {
            skipPlainASCII()
            guard pos < end else { break }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "\"") {
                pos += 1
                return (start..<(pos - 1), isASCII)
            }
            if byte == UInt8(ascii: "\\") {
                guard pos + 1 < end else { return nil }
                switch bytes[pos + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"),
                     UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"):
                    pos += 2
                default:
                    return nil
                }
            } else if byte < 0x20 || byte == 0x7F {
                return nil
            } else if byte < 0x80 {
                pos += 1
            } else {
                guard case .valid(let length) = utf8Sequence(at: pos) else { return nil }
                // C1 controls (U+0080...U+009F) and U+2028/U+2029 are written escaped.
                if byte == 0xC2, bytes[pos + 1] <= 0x9F { return nil }
                if byte == 0xE2, bytes[pos + 1] == 0x80, bytes[pos + 2] == 0xA8 || bytes[pos + 2] == 0xA9 { return nil }
                pos += length
                isASCII = false
            }
        }
        return nil
    }

    /// Moves past string text that needs no look: printable ASCII other than a quote or a
    /// backslash, eight bytes at a time while a word holds nothing else (most of a record is
    /// such text; a byte at a time, this loop was the copy's largest cost).
    mutating func skipPlainASCII() {
        if let base = bytes.baseAddress {
            while pos + 8 <= end {
                if Self.holdsSpecialByte(ByteWord.load(base, at: pos)) { break }
                pos += 8
            }
        }
        while pos < end, Self.isPlainASCII(bytes[pos]) { pos += 1 }
    }

    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Whether any byte of `word` is not plain ASCII: below 0x20, 0x7F or above, `"` or `\`
    /// (`ByteWord`, eight bytes at once).
    private static func holdsSpecialByte(_ word: UInt64) -> Bool {
        ByteWord.holdsByte(below: 0x20, in: word) || ByteWord.holdsNonASCII(word) || ByteWord.holds(0x22, in: word)
            || ByteWord.holds(0x5C, in: word) || ByteWord.holds(0x7F, in: word)
    }
}
