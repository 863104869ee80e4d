/// The items of one page as compact JSON in one buffer: every item's bytes back to back, and where
/// each ends. A parsed item is about two and a half times its JSON (a string, an array of members
/// and a value for every field), so a page of 10,000 records held as trees took 7 MB beside its
/// 2.9 MB of bytes; held this way it takes its compact size. The parser writes the items array of
/// an answer here element by element, freeing each element's tree as soon as it is written
/// (`JSONParser.parse(_:compacting:)`, decision 88).
///
/// The bytes are exactly what `JSONValue.compactJSON` writes for each item: no whitespace, keys
/// in the server's order and each once, strings escaped one way. That is what lets a field be
/// found by comparing bytes (`member(_:at:)`) and two pages be compared by their bytes (`digest`).
public struct CompactItems: Sendable {
    private var writer = JSONWriter(indent: nil)
    /// `ends[i]` is where item `i`'s bytes end; it starts where item `i - 1`'s end.
    private var ends: [Int] = []

    public init() {}

    /// Items about to be written from a document whose rest is `bytes` long: the buffer takes
    /// that at once, as one block (its pages are only touched as they are written), instead of
    /// doubling, which held the old and the new block together at every step: 6 MB for a 2.9 MB
    /// page at the last one.
    public init(reserving bytes: Int) {
        writer.bytes.reserveCapacity(bytes)
    }

    /// Items written from values: for tests, and for sources that parse items themselves.
    public init(_ values: some Sequence<JSONValue>) {
        for value in values { append(value) }
    }

    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }
    /// The page's compact JSON, all items together.
    public var byteCount: Int { writer.bytes.count }

    /// Lets go of the reserved bytes the items did not fill, when that is most of them: an array
    /// met early in a large document (`"tags": [...]` before the items) reserved the rest of it.
    mutating func releaseUnusedCapacity() {
        let bytes = writer.bytes
        guard bytes.capacity > 2 * bytes.count + 65_536 else { return }
        writer.bytes = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: bytes)
        }
    }

    /// Writes `value` as the next item.
    public mutating func append(_ value: JSONValue) {
        writer.write(value, level: 0)
        ends.append(writer.bytes.count)
    }

    /// Writes an item whose compact JSON was found without parsing it (`JSONParser.compactCopy`):
    /// the bytes `append` would write for its value.
    public mutating func append(compactJSON bytes: [UInt8]) {
        writer.bytes.append(contentsOf: bytes)
        ends.append(writer.bytes.count)
    }

    /// Where item `position`'s bytes are in the buffer.
    func range(of position: Int) -> Range<Int> {
        (position == 0 ? 0 : ends[position - 1])..<ends[position]
    }

    /// Item `position` as compact JSON, without parsing it: its row's `Item.jsonText`, which
    /// shares this buffer rather than copying its bytes out (decision 90).
    public func json(at position: Int) -> SharedText {
        SharedText(sharing: writer.bytes, range: range(of: position))
    }

    /// Every item parsed.
    public var values: [JSONValue] { (0..<count).map(value(at:)) }

    /// Item `position` parsed. The bytes were written by `JSONWriter` from a parsed value, so they
    /// parse; `null` would only stand for a broken invariant, never for the server's data.
    public func value(at position: Int) -> JSONValue {
        parse(range(of: position)) ?? .null
    }

    /// The value at `path` inside item `position`, as `value(at:)[path]` gives it, but found by
    /// skipping over the item's bytes: only the value found is parsed. How an id field is read
    /// for every item of a page without building any item's tree.
    public func member(_ path: JSONPath, at position: Int) -> JSONValue? {
        writer.bytes.withUnsafeBufferPointer { buffer -> JSONValue? in
            let scanner = CompactJSONScanner(bytes: buffer)
            var found = range(of: position)
            for component in path.components {
                guard let next = scanner.step(into: found, by: component) else { return nil }
                found = next
            }
            return parse(found)
        }
    }

    /// Whether two pages hold the same items in the same order, told by hashing their bytes: a
    /// page that repeats the one before (an API ignoring the paging parameter) ends a walk.
    /// Where each item ends counts too: `[1,23]` and `[12,3]` have the same bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ends)
        writer.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    private func parse(_ range: Range<Int>) -> JSONValue? {
        try? JSONParser.parse(writer.bytes[range])
    }
}

/// Steps through JSON written by `JSONWriter` in its compact form, without building values: no
/// whitespace, every key once, and a string's quote or backslash always escaped by a backslash.
struct CompactJSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>

    /// The range of the value that `component` names inside the value at `range` (a member of an
    /// object, an element of an array), or nil when there is none, as `JSONValue.value(at:)`.
    func step(into range: Range<Int>, by component: JSONPath.Component) -> Range<Int>? {
        guard range.count >= 2 else { return nil }
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "{"):
            return member(component.key, in: range)
        case UInt8(ascii: "["):
            guard let index = component.index else { return nil }
            return element(index, in: range)
        default:
            return nil
        }
    }

    /// The value of the member `key`, as a path finds it in the tree (`JSONValue.value(at:)`): a
    /// key typed in a path matches a canonically equivalent spelling (`é` and `e` + U+0301, `K`
    /// and the Kelvin sign): by the written bytes when both are ASCII, else decoded.
    private func member(_ key: String, in range: Range<Int>) -> Range<Int>? {
        var quoted: [UInt8] = []
        JSONWriter.appendQuoted(key, to: &quoted)
        let keyIsASCII = key.utf8.allSatisfy { $0 < 0x80 }
        var position = range.lowerBound + 1
        let end = range.upperBound - 1
        while position < end {
            let keyEnd = skipString(from: position)
            let valueStart = keyEnd + 1   // past the ':'
            let valueEnd = skipValue(from: valueStart)
            let written = UnsafeBufferPointer(rebasing: bytes[position..<keyEnd])
            if written.elementsEqual(quoted)
                || (!keyIsASCII || written.contains { $0 >= 0x80 }) && (try? JSONParser.parse(written))?.stringValue == key {
                return valueStart..<valueEnd
            }
            position = valueEnd + 1   // past the ','
        }
        return nil
    }

    /// Element `index` of the array at `range`.
    private func element(_ index: Int, in range: Range<Int>) -> Range<Int>? {
        var position = range.lowerBound + 1
        let end = range.upperBound - 1
        var current = 0
        while position < end {
            let valueEnd = skipValue(from: position)
            if current == index { return position..<valueEnd }
            current += 1
            position = valueEnd + 1
        }
        return nil
    }

    /// Where the value starting at `start` ends.
    private func skipValue(from start: Int) -> Int {
        var position = start
        var depth = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position = skipString(from: position)
                if depth == 0 { return position }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return position }
                depth -= 1
                if depth == 0 { return position + 1 }
            case UInt8(ascii: ","):
                if depth == 0 { return position }
            default:
                break
            }
            position += 1
        }
        return position
    }

    /// Where the string whose opening quote is at `start` ends (just past its closing quote).
    private func skipString(from start: Int) -> Int {
        var position = start + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position + 1
            default: position += 1
            }
        }
        return position
    }
}
