/// A live list as the core keeps it: what the loader last said about the stream, and when the
/// last item came (on the driver's clock), so the footer can say how long the stream has been
/// quiet: a stream may send one item a minute, and a quiet one must not look stuck.
public struct LiveList: Sendable, Equatable {
    public internal(set) var status: LiveStatus
    /// `AppState.clock` when the last page with items arrived; nil before the first.
    public internal(set) var lastItemAt: Double?
}

extension AppState {
    /// Whether rows arriving at the end take the cursor with them: a live list whose cursor is on
    /// its last row follows the end, as `less +F` does; anywhere else the cursor stays put.
    var followsEnd: Bool {
        live != nil && visibleCount > 0 && viewport.cursor == visibleCount - 1
    }

    /// Seconds since the last item of a live list arrived; nil without a clock or an item.
    public var secondsSinceLastItem: Double? {
        guard let clock = timing.clock, let at = live?.lastItemAt else { return nil }
        return max(0, clock - at)
    }

    /// A page of a live list arrived (`following`: `followsEnd` before it was added).
    mutating func liveArrived(_ result: PageResult, following: Bool) {
        guard let status = result.live else { return }
        noteLive(status)
        if !result.items.isEmpty { live?.lastItemAt = timing.clock }
        if following { viewport.move(to: visibleCount - 1, itemCount: visibleCount) }
    }

    /// What the loader last said about the stream, from a page or a wait.
    mutating func noteLive(_ status: LiveStatus) {
        if live == nil {
            live = LiveList(status: status, lastItemAt: nil)
            // A live list is never polled: what it read keeps no identities.
            store.forgetIdentities()
        } else {
            live?.status = status
        }
    }
}
