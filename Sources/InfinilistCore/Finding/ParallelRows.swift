import Dispatch

/// The rows a program makes of many pages at once, on every core: what the `|` prompt does on
/// each key over every item in memory (issue 35 asks for it within a frame over 10,000 items).
/// Each page's rows depend on that page alone (`RowQuery.rows(of:values:)` reads nothing else
/// and a program's step budget and regex cache are per thread), so the pages are made in
/// parallel and put in order; the result is the same as one page after another.
extension RowQuery {
    func rows(ofPages pages: [[Item]], values: [[JSONValue]]) -> [(items: [Item], values: [JSONValue], sources: [Item])] {
        // Below a few thousand items the threads cost more than they save.
        guard pages.count > 1, pages.reduce(0, { $0 + $1.count }) >= 2_000 else {
            return pages.indices.map { rows(of: pages[$0], values: $0 < values.count ? values[$0] : nil) }
        }
        let made = PageResults(count: pages.count)
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            made.set(index, rows(of: pages[index], values: index < values.count ? values[index] : nil))
        }
        return made.all
    }
}

/// One slot per page, each written by one thread through a buffer allocated up front (no array
/// is made unique while the threads write), read once every thread is done.
private final class PageResults: @unchecked Sendable {
    typealias Rows = (items: [Item], values: [JSONValue], sources: [Item])
    private let slots: UnsafeMutableBufferPointer<Rows?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ result: Rows) { slots[index] = result }

    var all: [Rows] { slots.compactMap { $0 } }
}
