import Dispatch

/// The rows a program makes of many items at once, on every core: what the `|` prompt does on
/// each key over every item in memory (issue 35 asks for it within a frame over 10,000 items).
/// Each item's rows depend on that item alone (`RowQuery.rows(of:in:values:table:)` reads
/// nothing else, and a program's step budget and regex cache are per thread), so pieces are made
/// in parallel and put in order; the result is the same as one item after another
/// (decisions 148 and 157).
extension RowQuery {
    /// Pages, each page one piece; given the table, once settled, each row is made with its
    /// cells in the same pass.
    func rows(ofPages pages: ArraySlice<[Item]>, values: ArraySlice<[JSONValue]>, table: ColumnLayout?) -> [PageRows] {
        let valuesOf = { (index: Int) in values.indices.contains(index) ? values[index] : nil }
        guard pages.count > 1, pages.reduce(0, { $0 + $1.count }) >= Self.parallelItems else {
            return pages.indices.map { PageRows(rows(of: pages[$0], values: valuesOf($0), table: table)) }
        }
        let first = pages.startIndex
        let made = InParallel.map(pages.count) { offset in
            PageRows(rows(of: pages[first + offset], values: values.indices.contains(first + offset) ? values[first + offset] : nil, table: table))
        }
        return made
    }

    /// One page in pieces: the page that settles the table's layout, made before the others
    /// (without cells: the layout is decided from its rows).
    func rows(ofPage items: [Item], values: [JSONValue]?) -> PageRows {
        let sources = Self.keepingIdentities(items)
        let values = values?.count == items.count ? values : nil
        guard items.count >= Self.parallelItems / 2 else {
            let made = rows(of: sources, in: sources.indices, values: values, table: nil)
            return PageRows(items: made.rows, values: made.outputs, sources: sources)
        }
        let pieces = stride(from: 0, to: items.count, by: Self.piece).map { $0..<min($0 + Self.piece, items.count) }
        let made = InParallel.map(pieces.count) { rows(of: sources, in: pieces[$0], values: values, table: nil) }
        var pageRows: [Item] = []
        var outputs: [JSONValue] = []
        pageRows.reserveCapacity(made.reduce(0) { $0 + $1.rows.count })
        outputs.reserveCapacity(pageRows.capacity)
        for piece in made {
            pageRows += piece.rows
            outputs += piece.outputs
        }
        return PageRows(items: pageRows, values: outputs, sources: sources)
    }

    /// Below a few thousand items the threads cost more than they save.
    static let parallelItems = 2_000
    /// A page made in pieces: of this many items.
    static let piece = 250
}

/// `body` for 0..<count on every core, the results in order.
enum InParallel {
    static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        let results = Slots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, body(index))
        }
        return results.all
    }
}

/// One slot per result, each written by one thread through a buffer allocated up front (no
/// array is made unique while the threads write), read once every thread is done.
private final class Slots<Result>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ result: Result) { slots[index] = result }

    var all: [Result] { slots.compactMap { $0 } }
}
