/// The members of a JSON object in document order, kept in one array.
///
/// Why not `OrderedDictionary`: it keeps keys and values in two arrays (two allocations an
/// object) and a hash table past 15 members, and its 24-byte payload made every `JSONValue` 32
/// bytes instead of 24. A page of 10,000 records is 20,000 objects; one array each takes about a
/// fifth off the parsed page (decision 81). Lookups are linear: API records have tens of members,
/// and a path probes a few keys. Only the parser must find duplicates in an object of any size,
/// and it indexes a large one while it builds it (`init(keys:values:)`).
///
/// Equality and hashing follow the order of the members, as `OrderedDictionary`'s did.
///
/// Keys are compared by their UTF-8 bytes, as jq and JSON do: `"é"` and `"e\u0301"` are two
/// keys. Swift's `String ==` would make them one (canonical equivalence), merging two members.
public struct JSONObject: Sendable, Hashable {
    public typealias Element = (key: String, value: JSONValue)

    private var members: ContiguousArray<Element>

    public init() {
        members = []
    }

    /// Members as a parser reads them: a key written again keeps its first position and takes its
    /// last value (what JSON parsers commonly do, and what the detail view shows).
    public init(keys: some Collection<String>, values: some Collection<JSONValue>) {
        members = []
        members.reserveCapacity(keys.count)
        if keys.count <= Self.membersSearchedInPlace {
            for (key, value) in zip(keys, values) { updateValue(value, forKey: key) }
            return
        }
        // A large object (possibly hostile: 100,000 keys) is indexed while it is built, so
        // duplicates cost one hash each, not a scan of every member before them.
        var positions: [KeyBytes: Int] = [:]
        positions.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            if let position = positions[KeyBytes(key)] {
                members[position].value = value
            } else {
                positions[KeyBytes(key)] = members.count
                members.append((key, value))
            }
        }
    }

    /// The same, for arrays: other modules (the demo's items) call this one, which is compiled
    /// for arrays here; the generic one, called from outside, ran through witness tables at
    /// about 4,000 instructions a member.
    public init(keys: [String], values: [JSONValue]) {
        self.init(keys: keys[...], values: values[...])
    }

    /// Up to this many members, finding a duplicate by comparing keys beats hashing them.
    static let membersSearchedInPlace = 16

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: LazyMapCollection<ContiguousArray<Element>, String> { members.lazy.map(\.key) }
    public var values: LazyMapCollection<ContiguousArray<Element>, JSONValue> { members.lazy.map(\.value) }

    /// Whether both are one stored object (the same members' buffer), so equal without comparing
    /// them: a program's output that is its input passed through (`select`).
    func sharesStorage(with other: JSONObject) -> Bool {
        members.withUnsafeBufferPointer { mine in
            other.members.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }

    /// The position of `key` among the members, if it is one.
    /// Read in place: `firstIndex`'s closure was handed each member copied, its key and value
    /// retained and released, which made a key lookup a tenth of a `|` keystroke.
    public func index(forKey key: String) -> Int? {
        members.withUnsafeBufferPointer { members in
            for index in members.indices where Self.sameKey(members[index].key, key) { return index }
            return nil
        }
    }

    /// Whether two keys are the same bytes. Compared as two buffers when both strings have
    /// their bytes in one piece (native and small strings do): the generic byte-by-byte walk of
    /// two `UTF8View`s was a tenth of a `|` keystroke, spent on key lookups.
    static func sameKey(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let contiguous = a.utf8.withContiguousStorageIfAvailable { mine in
            b.utf8.withContiguousStorageIfAvailable { theirs in mine.elementsEqual(theirs) }
        }
        if let equal = contiguous ?? nil { return equal }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// A key hashed and compared by its bytes (a large object's index).
    private struct KeyBytes: Hashable {
        let key: String
        init(_ key: String) { self.key = key }
        static func == (a: KeyBytes, b: KeyBytes) -> Bool { JSONObject.sameKey(a.key, b.key) }
        func hash(into hasher: inout Hasher) {
            var bytes = key
            bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The value of `key`; setting `nil` removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { members[$0].value } }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the value of `key` in place, or appends the member; returns the value replaced.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else {
            members.append((key, value))
            return nil
        }
        let old = members[position].value
        members[position].value = value
        return old
    }

    /// Removes the member `key`, keeping the order of the others; returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        return members.remove(at: position).value
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.elementsEqual(rhs.members) { sameKey($0.key, $1.key) && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for (key, value) in members {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}

extension JSONObject: RandomAccessCollection {
    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Element { members[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A literal's members in the order written; a repeated key behaves as in `init(keys:values:)`.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(keys: elements.map(\.0), values: elements.map(\.1))
    }
}
