/// Which arrays of a document a parse keeps as compact JSON (`CompactItems`) instead of trees, once
/// they are long enough (`JSONParser.compactionThreshold`): the arrays that may hold a page's
/// items. Which one does is decided after the parse, by `ItemLocator` on the document, so the
/// parse keeps every array where it may look.
public enum ArrayCompaction: Sendable, Equatable {
    /// The array at this path only: the user's `--items PATH`.
    case at(JSONPath)
    /// Where `ItemLocator` looks: a root array, and arrays one or two keys below the root.
    case itemCandidates
}

/// An array whose elements a parse kept as compact JSON, and where it was in the document.
struct CompactedArray: Sendable {
    var path: JSONPath
    var items: CompactItems
}

/// A document parsed with some arrays kept as compact JSON. Each such array stands in the tree as
/// a placeholder until it is either taken as the page's items (`takeItems(at:)`; the tree then
/// holds `[]` there) or put back as values (`materialized()`), so the tree the paging rules read
/// never shows a placeholder.
///
/// A placeholder, not `[]`, marks the place: a key written twice keeps its last value, so only a
/// placeholder still in the tree after the parse tells that its array is the one the document
/// means.
public struct CompactedDocument: Sendable {
    /// The document, with a placeholder for each array kept as compact JSON.
    private var root: JSONValue
    private var compacted: [CompactedArray]

    init(root: JSONValue, compacted: [CompactedArray]) {
        self.root = root
        self.compacted = compacted
    }

    /// The tree as the parse left it, placeholders included: for `ItemLocator`, which only asks
    /// whether a value is an array and never looks inside one.
    public var skeleton: JSONValue { root }

    /// The items of the array at `location`, when the parse kept it as compact JSON; the tree then
    /// holds `[]` in its place.
    public mutating func takeItems(at location: JSONPath) -> CompactItems? {
        guard let slot = root.value(at: location).flatMap(Self.slot(of:)) else { return nil }
        root.replace(at: location.components[...], with: .array([]))
        let items = compacted[slot].items
        compacted[slot].items = CompactItems()
        return items
    }

    /// The document with every array still kept as compact JSON put back as values. One walk
    /// over the levels where arrays were kept, not a look-up per array: an object with 100,000
    /// keys holding arrays would take 100,000 linear look-ups.
    public func materialized() -> JSONValue {
        let levels = compacted.map(\.path.components.count).max() ?? -1
        return restored(root, levelsLeft: levels) ?? root
    }

    /// `value` with the placeholders in its first `levelsLeft` levels below it (and itself) put
    /// back as values; nil when there are none, so that what holds none is not copied.
    private func restored(_ value: JSONValue, levelsLeft: Int) -> JSONValue? {
        if let slot = Self.slot(of: value) { return .array(compacted[slot].items.values) }
        guard levelsLeft > 0 else { return nil }
        switch value {
        case .object(let members):
            let values = members.values.map { restored($0, levelsLeft: levelsLeft - 1) }
            guard values.contains(where: { $0 != nil }) else { return nil }
            return .object(JSONObject(keys: members.keys, values: zip(values, members.values).map { $0 ?? $1 }))
        case .array(let elements):
            let values = elements.map { restored($0, levelsLeft: levelsLeft - 1) }
            guard values.contains(where: { $0 != nil }) else { return nil }
            return .array(zip(values, elements).map { $0 ?? $1 })
        case .null, .bool, .number, .string:
            return nil
        }
    }

    /// What stands in the tree for compacted array `slot`: a number whose text no parse produces
    /// (`~` starts no JSON number).
    static func placeholder(_ slot: Int) -> JSONValue {
        .array([.number("~\(slot)")])
    }

    static func slot(of value: JSONValue) -> Int? {
        guard case .array(let elements) = value, elements.count == 1, case .number(let text) = elements[0],
              text.hasPrefix("~") else { return nil }
        return Int(text.dropFirst())
    }
}

extension JSONParser {
    /// How much of an array is read as values before the rest is kept as compact JSON: a page
    /// this small costs little as trees, and a document of many small arrays takes no buffers.
    public static let compactionThreshold = 16 * 1024

    /// Parses one document as `parse(_:maxDepth:)` does, keeping the arrays `compaction` names as
    /// compact JSON once `threshold` bytes of one are read: each element is then parsed, written
    /// to the array's buffer and its tree freed, so a page's items are never held as trees all at
    /// once.
    public static func parse(
        _ bytes: [UInt8],
        compacting compaction: ArrayCompaction,
        after threshold: Int = JSONParser.compactionThreshold,
        maxDepth: Int = JSONParser.defaultMaxDepth
    ) throws(JSONParseError) -> CompactedDocument {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<CompactedDocument, JSONParseError> in
            var parser = ByteParser(bytes: buffer, maxDepth: maxDepth)
            parser.compaction = compaction
            parser.compactionThreshold = threshold
            do throws(JSONParseError) {
                let root = try parser.parseDocument()
                return .success(CompactedDocument(root: root, compacted: parser.compacted))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension ByteParser {
    /// Whether an array opening now, inside `frames`, is one `compaction` keeps as compact JSON
    /// once it is long enough. `keys` and `values` are the flat stacks.
    func keepsCompact(arrayOpeningAfter frames: [Frame], keys: [String], values: [JSONValue]) -> Bool {
        guard let compaction else { return false }
        return Self.path(ofFrameAt: frames.count, frames: frames, keys: keys, values: values, within: compaction) != nil
    }

    /// Turns the innermost array, which has grown past `compactionThreshold`, into one kept as
    /// compact JSON: its elements so far are written to a new buffer, and the rest go there too.
    /// Arrays shorter than that stay values: a document of many small arrays (100,000 keys each
    /// holding one) costs what it did, and only the few large arrays take a buffer.
    mutating func compactTopArray(_ frames: inout [Frame], values: inout [JSONValue], keys: [String]) {
        let top = frames.count - 1
        guard let compaction, let from = frames[top].compactableFrom,
              let path = Self.path(ofFrameAt: top, frames: frames, keys: keys, values: values, within: compaction) else { return }
        // As long as the rest of the array may be: one block, touched only as it is written.
        var items = CompactItems(reserving: end - from)
        for element in values[frames[top].valueStart...] { items.append(element) }
        values.removeSubrange(frames[top].valueStart...)
        compacted.append(CompactedArray(path: path, items: items))
        frames[top].compactedSlot = compacted.count - 1
        frames[top].compactableFrom = nil
    }

    /// The path of the container at `frames[index]` (or of one opening there, when `index` is
    /// `frames.count`), when `compaction` keeps an array there.
    private static func path(ofFrameAt index: Int, frames: [Frame], keys: [String], values: [JSONValue], within compaction: ArrayCompaction) -> JSONPath? {
        switch compaction {
        case .itemCandidates:
            guard index <= 2, frames[..<index].allSatisfy(\.isObject) else { return nil }
            return JSONPath((0..<index).map { JSONPath.Component.key(currentKey(of: $0, frames: frames, keys: keys)) })
        case .at(let wanted):
            guard index == wanted.components.count else { return nil }
            for (depth, component) in wanted.components.enumerated() {
                if frames[depth].isObject {
                    guard currentKey(of: depth, frames: frames, keys: keys) == component.key else { return nil }
                } else {
                    let next = depth + 1 < frames.count ? frames[depth + 1].valueStart : values.count
                    guard let position = component.index, next - frames[depth].valueStart == position else { return nil }
                }
            }
            return wanted
        }
    }

    /// The key of the member object `frames[depth]` is reading now: the last key it pushed.
    private static func currentKey(of depth: Int, frames: [Frame], keys: [String]) -> String {
        keys[(depth + 1 < frames.count ? frames[depth + 1].keyStart : keys.count) - 1]
    }
}

extension JSONValue {
    /// Sets the value at `path` (which must exist) to `value`.
    mutating func replace(at path: ArraySlice<JSONPath.Component>, with value: JSONValue) {
        guard let component = path.first else {
            self = value
            return
        }
        switch self {
        case .object(var members):
            guard var member = members[component.key] else { return }
            self = .null   // the members are then held once, and change in place
            member.replace(at: path.dropFirst(), with: value)
            members[component.key] = member
            self = .object(members)
        case .array(var elements):
            guard let index = component.index, elements.indices.contains(index) else { return }
            self = .null
            elements[index].replace(at: path.dropFirst(), with: value)
            self = .array(elements)
        case .null, .bool, .number, .string:
            return
        }
    }
}
