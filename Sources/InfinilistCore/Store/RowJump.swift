/// A count typed before a key, as less and vi take it: `30G` (or `30g`) goes to row 30, `5j`
/// moves five rows down. The row may not be loaded yet: the list then loads page after page, the
/// cursor following the last row, until the row is there or the list ends (`30G` once went to
/// the last loaded row instead, issue 33). The user taking over (a move, Esc, a refresh) or a
/// failed page ends the loading, as it ends `G`'s reading to the end.
///
/// `N%` goes to the row N percent of the way down the list, as vi's `N%` (less's goes N percent
/// of the file's bytes, the same row on lines of even length): on a pipe or a file, once the
/// list has ended (a file of JSON lines is counted, not read: decision 145), else of the rows
/// loaded, as `G` goes to the last loaded row of an API's list.
struct RowJump: Sendable, Equatable {
    /// The count typed so far; nil when none.
    var typed: Int?
    /// What pages are loaded to reach; nil when none.
    var target: Target?

    enum Target: Sendable, Equatable {
        /// The visible row (0-based).
        case row(Int)
        /// The row this many percent of the way down the list: known once the list has ended.
        case percent(Int)
    }

    /// Whether pages are read to the end of the input: `N%` needs every row counted.
    var readsToEnd: Bool {
        if case .percent? = target { return true }
        return false
    }

    /// A count beyond this is not a row anyone means (and must not overflow).
    static let largestCount = 999_999_999
}

extension AppState {
    /// Whether `key` is a digit of a count: a digit that nothing else is bound to (`--bind` may
    /// bind digits), and not a leading 0.
    func countDigit(_ key: Key) -> Int? {
        guard case .char(let character) = key, let digit = character.wholeNumberValue, character.isASCII,
              digit > 0 || loading.rowJump.typed != nil,
              config.keyTables.list.action(for: key) == nil, config.keyTables.list.command(for: key) == nil
        else { return nil }
        return digit
    }

    mutating func typeCount(_ digit: Int) {
        loading.rowJump.typed = min(RowJump.largestCount, (loading.rowJump.typed ?? 0) * 10 + digit)
        notice = .countTyped(loading.rowJump.typed ?? digit)
    }

    /// The count typed before this key, taken (a count applies to one key only).
    mutating func takeCount() -> Int? {
        defer { loading.rowJump.typed = nil }
        return loading.rowJump.typed
    }

    /// `NG`: the cursor to visible row `row` (0-based), loading pages until it is there.
    mutating func goToRow(_ row: Int) {
        if row < visibleCount {
            viewport.move(to: row, itemCount: visibleCount)
            return
        }
        viewport.move(to: visibleCount - 1, itemCount: visibleCount)
        if case .ended = loading.tail { notice = .onlyRows(visibleCount); return }
        loading.rowJump.target = .row(row)
    }

    /// `N%` (`%` alone: 0%, the first row, as less takes it): the cursor to the row `percent`
    /// percent of the way down, once the list's rows are all known.
    mutating func goToPercent(_ percent: Int) {
        let percent = min(percent, 100)
        if config.lastReadsToEnd, !loading.tail.isEnded {
            viewport.move(to: visibleCount - 1, itemCount: visibleCount)
            if case .failed = loading.tail { return }
            loading.rowJump.target = .percent(percent)
            return
        }
        viewport.move(to: Self.row(percent: percent, of: visibleCount), itemCount: visibleCount)
    }

    /// The row (0-based) `percent` percent of the way down `rows` rows, as vi counts it: 50% of
    /// 100 rows is row 50, 1% of them row 1, 100% the last.
    static func row(percent: Int, of rows: Int) -> Int {
        max(0, (percent * rows + 99) / 100 - 1)
    }

    /// A page arrived at the tail: the cursor goes to the row once it is loaded, else follows the
    /// last row; the end of the list ends the loading (and says how many rows there are when
    /// the row is past them).
    mutating func rowJumpPageArrived() {
        guard let target = loading.rowJump.target else { return }
        switch target {
        case .row(let row) where row < visibleCount:
            viewport.move(to: row, itemCount: visibleCount)
            loading.rowJump.target = nil
        case .row:
            viewport.move(to: visibleCount - 1, itemCount: visibleCount)
            guard loading.tail.isEnded else { return }
            loading.rowJump.target = nil
            notice = .onlyRows(visibleCount)
        case .percent(let percent):
            guard loading.tail.isEnded else {
                viewport.move(to: visibleCount - 1, itemCount: visibleCount)
                return
            }
            viewport.move(to: Self.row(percent: percent, of: visibleCount), itemCount: visibleCount)
            loading.rowJump.target = nil
        }
    }

    /// The request at the tail waits for a quiet pipe: `N%` is of the rows there are.
    mutating func rowJumpCaughtUp() {
        guard case .percent(let percent) = loading.rowJump.target else { return }
        viewport.move(to: Self.row(percent: percent, of: visibleCount), itemCount: visibleCount)
        loading.rowJump.target = nil
    }
}
