import InfinilistCore

/// The keys of a walk's pages, by page. A live stream read for hours has a page for every burst
/// of input, and a search down an endless numbered list passes thousands of pages a second; such
/// keys hold only their counters (and where a stream page starts in the input), so they are
/// packed in an array (48 bytes a page) instead of being kept whole in a dictionary (about 200).
/// A key with a cursor, a link or a last item's fields is kept whole.
struct PageKeys: Sendable {
    private var whole: [Int: PageKey] = [:]
    /// Pages `packedBase ..< packedBase + packed.count`; nil where the key is kept whole or gone.
    private var packed: [PackedKey?] = []
    private var packedBase = 0

    /// A counter page's key (a numbered, offset or stream page) without what every such key of
    /// its page has alike.
    private struct PackedKey: Sendable {
        var number: Int
        var offset: Int
        var stream: StreamPosition?

        func key(for page: Int) -> PageKey {
            PageKey(index: page, page: number, offset: offset, stream: stream)
        }
    }

    init(first: PageKey) {
        self[0] = first
    }

    subscript(page: Int) -> PageKey? {
        get {
            if let slot = packedSlot(page), let key = packed[slot] {
                return key.key(for: page)
            }
            return whole[page]
        }
        set {
            if let slot = packedSlot(page) { packed[slot] = nil }
            whole[page] = nil
            guard let key = newValue else { return trimPacked() }
            if let compact = Self.packable(key, page: page), appendsOrFits(page) {
                if packed.isEmpty { packedBase = page }
                if page == packedBase + packed.count { packed.append(compact) } else { packed[page - packedBase] = compact }
            } else {
                whole[page] = key
            }
        }
    }

    /// Forgets the keys of every page before `page`.
    mutating func forget(before page: Int) {
        whole = whole.filter { $0.key >= page }
        let dropped = min(max(0, page - packedBase), packed.count)
        packed.removeFirst(dropped)
        packedBase += dropped
    }

    private func packedSlot(_ page: Int) -> Int? {
        let slot = page - packedBase
        return packed.indices.contains(slot) ? slot : nil
    }

    /// Whether `page` is in the packed run or extends it by one (or starts it).
    private func appendsOrFits(_ page: Int) -> Bool {
        packed.isEmpty || (packedBase...(packedBase + packed.count)).contains(page)
    }

    private mutating func trimPacked() {
        while let last = packed.last, last == nil { packed.removeLast() }
    }

    /// The packed form of `key`, when nothing but its counters and stream position sets it
    /// apart from the key of any counter page `page`.
    private static func packable(_ key: PageKey, page: Int) -> PackedKey? {
        guard key.index == page, key.cursor == nil, key.lastItem.isEmpty, key.url == nil, key.via == nil else { return nil }
        let compact = PackedKey(number: key.page, offset: key.offset, stream: key.stream)
        // Only when unpacking gives back exactly this key (a field added to PageKey later and set
        // on a counter key keeps it whole).
        return compact.key(for: page) == key ? compact : nil
    }
}
