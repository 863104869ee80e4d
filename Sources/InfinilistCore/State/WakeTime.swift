extension AppState {
    /// When the event loop should wake the core though nothing animates and nothing is typed (on
    /// the clock of `update(_:at:)`): the next poll of a followed list, or the next minute of the
    /// wall clock while a table shows dates as ages. Nil: sleep until something happens.
    public var wakeTime: Double? {
        [nextPollTime, nextAgeRefresh, detailWorkTime].compactMap { $0 }.min()
    }

    /// While the detail view (or the preview) walks a huge item in steps (`G`, a search, the
    /// check that it is JSON): now, so the event loop runs the next step as soon as it has
    /// painted and read the keys, instead of one step per 90 ms tick.
    private var detailWorkTime: Double? {
        hasDetailWork ? timing.clock : nil
    }

    /// The detail view or the preview has steps left to walk.
    var hasDetailWork: Bool {
        if case .detail(let view) = mode, view.hasWork { return true }
        return preview.view?.hasWork == true
    }

    /// Ages are laid out from the wall clock of the last batch of messages, so a screen left alone
    /// would show `2m` for ever. Waking at each new minute of the wall clock keeps every age
    /// shown right within a minute, for one wake-up a minute (not one per age that changes: the
    /// rows' ages change at seconds of their own). Kept rows whose age still reads the same are
    /// not laid out again (`RowBodyCache`), so such a frame writes only the ages that changed.
    var nextAgeRefresh: Double? {
        guard let clock = timing.clock, let wallClock = timing.wallClock, rowLayout.table?.columns.contains(where: { $0.kind == .date }) == true else {
            return nil
        }
        let intoMinute = wallClock.seconds.truncatingRemainder(dividingBy: 60)
        guard intoMinute.isFinite, intoMinute >= 0 else { return clock + 60 }
        return clock + (60 - intoMinute)
    }
}
