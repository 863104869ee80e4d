import InfinilistCore

/// The keys of a walk's pages, by page. A live stream read for hours has a page for every burst
/// of input, and a search down an endless numbered list passes thousands of pages a second; such
/// keys hold only their counters (and where a stream page starts in the input), so they are kept
/// as runs: pages one after another whose numbers and offsets step alike (page 7, 8, 9…; offset
/// 300, 350, 400…) are one run of a few words however long the walk (issue 32), and a stream
/// page, which starts wherever its input did, is a run of its own. A key with a cursor, a link or
/// a last item's fields is kept whole, in a dictionary.
struct PageKeys: Sendable {
    private var whole: [Int: PageKey] = [:]
    /// Counter keys, in page order, no two runs sharing a page.
    private var runs: [Run] = []

    /// A counter page's key (a numbered, offset or stream page) without what every such key of
    /// its page has alike.
    private struct PackedKey: Sendable, Equatable {
        var number: Int
        var offset: Int
        var stream: StreamPosition?

        func key(for page: Int) -> PageKey {
            PageKey(index: page, page: number, offset: offset, stream: stream)
        }
    }

    /// Pages `firstPage ..< firstPage + length` whose keys are `first` stepped by `numberStep`
    /// and `offsetStep` a page. Only a run of one page holds a stream position.
    private struct Run: Sendable {
        var firstPage: Int
        var length: Int
        var first: PackedKey
        var numberStep = 0
        var offsetStep = 0

        var pages: Range<Int> { firstPage..<(firstPage + length) }

        func key(at page: Int) -> PackedKey {
            let steps = page - firstPage
            return PackedKey(number: first.number + steps * numberStep, offset: first.offset + steps * offsetStep, stream: first.stream)
        }

        /// This run and `next` (the pages right after it) as one run, when their keys step alike.
        func joined(with next: Run) -> Run? {
            guard next.firstPage == pages.upperBound, first.stream == nil, next.first.stream == nil else { return nil }
            let last = key(at: pages.upperBound - 1)
            let numberStep = next.first.number - last.number
            let offsetStep = next.first.offset - last.offset
            let steps = [(numberStep, offsetStep)] + (length > 1 ? [(self.numberStep, self.offsetStep)] : [])
                + (next.length > 1 ? [(next.numberStep, next.offsetStep)] : [])
            guard steps.allSatisfy({ $0 == (numberStep, offsetStep) }) else { return nil }
            return Run(firstPage: firstPage, length: length + next.length, first: first, numberStep: numberStep, offsetStep: offsetStep)
        }

        /// The run's pages from `page` on; nil when none is left.
        func starting(at page: Int) -> Run? {
            guard page < pages.upperBound else { return nil }
            guard page > firstPage else { return self }
            return Run(firstPage: page, length: pages.upperBound - page, first: key(at: page), numberStep: numberStep, offsetStep: offsetStep)
        }

        /// The run's pages before `page`; nil when none is.
        func ending(before page: Int) -> Run? {
            guard page > firstPage else { return nil }
            var run = self
            run.length = min(length, page - firstPage)
            return run
        }
    }

    init(first: PageKey) {
        self[0] = first
    }

    subscript(page: Int) -> PageKey? {
        get {
            if let index = runIndex(containing: page) { return runs[index].key(at: page).key(for: page) }
            return whole[page]
        }
        set {
            whole[page] = nil
            if let index = runIndex(containing: page) { split(runAt: index, without: page) }
            guard let key = newValue else { return }
            guard let packed = Self.packable(key, page: page) else {
                whole[page] = key
                return
            }
            let index = insertionIndex(of: page)
            runs.insert(Run(firstPage: page, length: 1, first: packed), at: index)
            joinRuns(at: index)
        }
    }

    /// Forgets the keys of every page before `page`.
    mutating func forget(before page: Int) {
        whole = whole.filter { $0.key >= page }
        runs = runs.compactMap { $0.starting(at: page) }
    }

    /// How many runs hold the counter keys (for checks of the keys' memory).
    var runCount: Int { runs.count }

    private func runIndex(containing page: Int) -> Int? {
        var low = 0
        var high = runs.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if runs[mid].pages.contains(page) { return mid }
            if runs[mid].firstPage > page { high = mid - 1 } else { low = mid + 1 }
        }
        return nil
    }

    /// Where a run starting at `page` goes: after the last run when it comes last (a walk
    /// appends), else found by halving.
    private func insertionIndex(of page: Int) -> Int {
        var low = 0
        var high = runs.count
        if let last = runs.last, last.firstPage < page { return high }
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].firstPage > page { high = mid } else { low = mid + 1 }
        }
        return low
    }

    private mutating func split(runAt index: Int, without page: Int) {
        let run = runs[index]
        let parts = [run.ending(before: page), run.starting(at: page + 1)].compactMap { $0 }
        runs.replaceSubrange(index...index, with: parts)
    }

    /// Joins the run at `index` with the runs before and after it where their keys step alike.
    private mutating func joinRuns(at index: Int) {
        var index = index
        if index > 0, let joined = runs[index - 1].joined(with: runs[index]) {
            runs.replaceSubrange((index - 1)...index, with: [joined])
            index -= 1
        }
        if index + 1 < runs.count, let joined = runs[index].joined(with: runs[index + 1]) {
            runs.replaceSubrange(index...(index + 1), with: [joined])
        }
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
