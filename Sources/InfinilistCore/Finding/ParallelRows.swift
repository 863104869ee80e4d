import Dispatch

/// The rows a program makes of many items at once, on every core: what the `|` prompt does on
/// each key over every item in memory (issue 35 asks for it within a frame over 10,000 items).
/// Each item's rows depend on that item alone (`RowQuery.rows(of:in:values:table:)` reads
/// nothing else, and a program's step budget and regex cache are per thread), so pieces are made
/// in parallel and put in order; the result is the same as one item after another
/// (decisions 148 and 157).
extension RowQuery {
    /// Pages, each page one piece with its share of `budget`; given the table, once settled,
    /// each row is made with its cells in the same pass.
    func rows(ofPages pages: ArraySlice<[Item]>, values: ArraySlice<[JSONValue]>, table: ColumnLayout?, budget: RunBudget) -> [PageRows] {
        let total = pages.reduce(0) { $0 + $1.count }
        let first = pages.startIndex
        let page = { @Sendable (offset: Int) -> PageRows in
            let index = first + offset
            return pageRows(of: pages[index], values: values.indices.contains(index) ? values[index] : nil, table: table,
                            budget: budget.share(pages[index].count, of: total))
        }
        guard pages.count > 1, total >= Self.parallelItems else { return pages.indices.map { page($0 - first) } }
        return InParallel.map(pages.count, page)
    }

    /// One page in pieces, with `budget` shared between them: the page that settles the table's
    /// layout, made before the others (without cells: the layout is decided from its rows).
    func rows(ofPage items: [Item], values: [JSONValue]?, budget: RunBudget) -> PageRows {
        let sources = Self.keepingIdentities(items)
        let values = values?.count == items.count ? values : nil
        guard items.count >= Self.parallelItems / 2 else {
            let made = rows(of: sources, in: sources.indices, values: values, table: nil, budget: budget)
            return PageRows(items: made.rows, values: made.outputs, sources: sources, stopped: made.stopped)
        }
        let pieces = stride(from: 0, to: items.count, by: Self.piece).map { $0..<min($0 + Self.piece, items.count) }
        let made = InParallel.map(pieces.count) {
            rows(of: sources, in: pieces[$0], values: values, table: nil, budget: budget.share(pieces[$0].count, of: items.count))
        }
        var pageRows: [Item] = []
        var outputs: [JSONValue] = []
        pageRows.reserveCapacity(made.reduce(0) { $0 + $1.rows.count })
        outputs.reserveCapacity(pageRows.capacity)
        for piece in made {
            pageRows += piece.rows
            outputs += piece.outputs
        }
        return PageRows(items: pageRows, values: outputs, sources: sources, stopped: made.contains(where: \.stopped))
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
