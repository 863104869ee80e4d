/// Where each page read from a stream ended, by where it started, to read it again with exactly
/// the same items. Pages are read at the tail only, one after another, so each page ends where
/// the next one starts: only the starts are kept, in order (found by binary search), with the
/// last page's end. A live stream read for hours has a page for every burst of input, and this
/// keeps 24 bytes for each, where a dictionary of both positions took about 150.
struct PageEnds: Sendable {
    private var starts: [StreamPosition] = []
    private var lastEnd = StreamPosition.start
    private var lastAtEnd = false

    /// Records the page read at the tail from `start`. A page read again from the same start (an
    /// empty page at the end of the input, read twice) replaces the record.
    mutating func record(start: StreamPosition, end: StreamPosition, atEnd: Bool) {
        if starts.last != start { starts.append(start) }
        lastEnd = end
        lastAtEnd = atEnd
    }

    /// Where the page that started at `start` ended, and whether the input ended there; nil
    /// when no page started there.
    func end(ofPageAt start: StreamPosition) -> (end: StreamPosition, atEnd: Bool)? {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(starts[middle], start) { low = middle + 1 } else { high = middle }
        }
        guard low < starts.count, starts[low] == start else { return nil }
        return low + 1 < starts.count ? (starts[low + 1], false) : (lastEnd, lastAtEnd)
    }

    /// The order pages are read in: by offset, then by the items of an object already taken.
    private static func precedes(_ a: StreamPosition, _ b: StreamPosition) -> Bool {
        a.offset != b.offset ? a.offset < b.offset : a.skip < b.skip
    }
}
