import InfinilistCore

/// The keys of a walk's pages, by page. An API list has a handful, but a live stream read for
/// hours has a page for every burst of input, each with a key; a stream's key holds only its
/// counters and where the page starts in the input, so such keys are packed in an array (40 bytes
/// a page) instead of being kept whole in a dictionary (about 200). Any other key is kept whole.
struct PageKeys: Sendable {
    private var whole: [Int: PageKey] = [:]
    /// Pages `packedBase ..< packedBase + packed.count`; nil where the key is kept whole or gone.
    private var packed: [PackedStreamKey?] = []
    private var packedBase = 0

    /// A stream page's key without what every stream key has alike.
    private struct PackedStreamKey: Sendable {
        var offset: Int
        var stream: StreamPosition
    }

    init(first: PageKey) {
        self[0] = first
    }

    subscript(page: Int) -> PageKey? {
        get {
            if let slot = packedSlot(page), let key = packed[slot] {
                return PageKey(index: page, page: page + 1, offset: key.offset, stream: key.stream)
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

    /// The packed form of `key`, when nothing but its item count and stream position sets it
    /// apart from the key of any stream page `page`.
    private static func packable(_ key: PageKey, page: Int) -> PackedStreamKey? {
        guard let stream = key.stream, key.index == page, key.page == page + 1, key.cursor == nil,
              key.lastItem.isEmpty, key.url == nil, key.via == nil else { return nil }
        let compact = PackedStreamKey(offset: key.offset, stream: stream)
        // Only when unpacking gives back exactly this key (a field added to PageKey later and set
        // on a stream key keeps it whole).
        return PageKey(index: page, page: page + 1, offset: key.offset, stream: stream) == key ? compact : nil
    }
}
