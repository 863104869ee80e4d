/// A count typed before a key, as less and vi take it: `30G` (or `30g`) goes to row 30, `5j`
/// moves five rows down. The row may not be loaded yet: the list then loads page after page, the
/// cursor following the last row, until the row is there or the list ends (`30G` once went to
/// the last loaded row instead, issue 33). The user taking over (a move, Esc, a refresh) or a
/// failed page ends the loading, as it ends `G`'s reading to the end.
struct RowJump: Sendable, Equatable {
    /// The count typed so far; nil when none.
    var typed: Int?
    /// The visible row (0-based) pages are loaded to reach; nil when none.
    var target: Int?

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
        loading.rowJump.target = row
    }

    /// A page arrived at the tail: the cursor goes to the row once it is loaded, else follows the
    /// last row; the end of the list ends the loading and says how many rows there are.
    mutating func rowJumpPageArrived() {
        guard let target = loading.rowJump.target else { return }
        if target < visibleCount {
            viewport.move(to: target, itemCount: visibleCount)
            loading.rowJump.target = nil
            return
        }
        viewport.move(to: visibleCount - 1, itemCount: visibleCount)
        if case .ended = loading.tail {
            loading.rowJump.target = nil
            notice = .onlyRows(visibleCount)
        }
    }
}
