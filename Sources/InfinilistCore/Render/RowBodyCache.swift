import Synchronization

/// Item rows as laid out, kept between frames: an item's row (its table cells or its line, after
/// the gutter) is laid out when it first comes into view, or when what it depends on changes
/// (the width, the columns, the search), and reused by every frame after. A ↓ builds no row it
/// has built before: measuring display widths and clipping cells is most of a row's cost.
///
/// A memo, not state: a frame is the same with or without it. Entries are found by the item's
/// row in the store and checked against the item's place (`ItemPlace`: its page's stamp, new
/// whenever the page's items change, and its offset), so rows that shift (new items put above a
/// followed list) or a page loaded again are laid out anew, never shown stale; a kept row is
/// found without reading its item, and an entry holds no item alive. Ages of dates
/// change with the clock: an entry says until when its text holds. Held in a lock because the
/// state that owns it is `Sendable`; only the event loop's thread renders. The table's header
/// row and its columns' fit are kept the same way.
final class RowBodyCache: Sendable {
    /// What a row's layout depends on besides its item.
    struct Key: Equatable {
        let width: Int
        let table: ColumnLayout?
        let fit: ColumnFit?
        let highlight: TextMatcher?
        /// The header's arrow (rows do not depend on it).
        var sort: SortField? = nil
    }

    /// A class: a kept row is handed out by one reference, not field by field.
    final class Body: Sendable {
        let spans: [Span]
        /// The display columns the spans take.
        let columns: Int
        /// The whole row with the plain gutter (neither pointer nor mark), as most rows of a
        /// frame are: handed out as it is, so a kept row costs its lookup and nothing more.
        let plainRow: FrameRow
        /// The wall clock (seconds since 1970) from which an age in the row reads differently;
        /// nil when nothing in the row depends on the clock.
        let changesAt: Double?
        /// The wall clock it was laid out at: a clock set back (NTP, a suspended laptop's
        /// correction) before this reads differently too, and so does a calendar date once the
        /// time zone's offset changes (summer time).
        let laidOutAt: WallClock?

        init(spans: [Span], columns: Int, plainRow: FrameRow, changesAt: Double?, laidOutAt: WallClock?) {
            self.spans = spans
            self.columns = columns
            self.plainRow = plainRow
            self.changesAt = changesAt
            self.laidOutAt = laidOutAt
        }
    }

    /// A class, so that looking an entry up retains one reference instead of copying its fields
    /// one by one (thirty rows a frame).
    private final class Entry: Sendable {
        let storeRow: Int
        let place: ItemPlace
        /// The number of the key it was laid out for (`generation(of:)`).
        let generation: Int
        let body: Body

        init(storeRow: Int, place: ItemPlace, generation: Int, body: Body) {
            self.storeRow = storeRow
            self.place = place
            self.generation = generation
            self.body = body
        }
    }

    /// Rows kept: a few screens' worth. A power of two: a row's place is its store row's low
    /// bits (no hashing: thirty look-ups a frame); a row 512 away takes the place over.
    static let capacity = 512

    private let entries = Mutex<[Entry?]>(Array(repeating: nil, count: RowBodyCache.capacity))
    /// The last key asked for and its number: a frame's rows share one key, so it is compared
    /// once a frame, and each row compares a number.
    private let current = Mutex<(key: Key, generation: Int)?>(nil)
    /// The table's header row, for the key it was laid out for (its highlight is always nil).
    private let header = Mutex<(key: Key, row: FrameRow)?>(nil)

    /// The columns' fit, for the layout, width and sideways offset it was worked out for.
    private let fitKept = Mutex<(layout: ColumnLayout, width: Int, offset: Int, fit: ColumnFit)?>(nil)

    /// How `layout`'s columns fit `width` scrolled `offset` columns sideways: worked out again
    /// only when one of the three changed since the last frame (about 23,000 instructions a ↓).
    func fit(_ layout: ColumnLayout, width: Int, offset: Int) -> ColumnFit {
        if let kept = fitKept.withLock({ $0 }), kept.width == width, kept.offset == offset, kept.layout == layout {
            return kept.fit
        }
        let fit = ColumnFit(layout, width: width, offset: offset)
        fitKept.withLock { $0 = (layout, width, offset, fit) }
        return fit
    }

    /// The header row for `key`, built by `build` when the columns, their fit or the width
    /// changed since the last frame.
    func header(for key: Key, build: () -> FrameRow) -> FrameRow {
        if let kept = header.withLock({ $0 }), kept.key == key { return kept.row }
        let row = build()
        header.withLock { $0 = (key, row) }
        return row
    }

    /// The number of `key`: the last one's when it is the same key, a new one when it is not.
    func generation(of key: Key) -> Int {
        current.withLock { current in
            if let current, current.key == key { return current.generation }
            let next = (current?.generation ?? 0) + 1
            current = (key, next)
            return next
        }
    }

    /// The row of the item at `place` (shown at `storeRow`) for the key numbered `generation` at
    /// `now`, if it was kept; else `keep` it once built.
    func kept(storeRow: Int, place: ItemPlace, generation: Int, now: WallClock?) -> Body? {
        let kept = entries.withLock { $0[storeRow & (Self.capacity - 1)] }
        guard let kept, kept.storeRow == storeRow, kept.place == place, kept.generation == generation,
              Self.holds(kept.body, at: now) else { return nil }
        return kept.body
    }

    /// Keeps `body`, the row of the item at `place` (shown at `storeRow`) laid out for the key
    /// numbered `generation`.
    func keep(_ body: Body, storeRow: Int, place: ItemPlace, generation: Int) {
        let entry = Entry(storeRow: storeRow, place: place, generation: generation, body: body)
        entries.withLock { $0[storeRow & (Self.capacity - 1)] = entry }
    }

    /// Whether a row laid out earlier still reads the same at `now`.
    private static func holds(_ body: Body, at now: WallClock?) -> Bool {
        guard let changesAt = body.changesAt else { return true }
        guard let now, let laidOutAt = body.laidOutAt else { return false }
        return now.seconds >= laidOutAt.seconds && now.seconds < changesAt && now.utcOffset == laidOutAt.utcOffset
    }

}
