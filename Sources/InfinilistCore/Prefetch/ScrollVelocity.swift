import DequeModule

/// How fast the user is moving through the list, in rows per second, measured over the last
/// second of cursor movements (key repeat gives a steady stream of them). Time is an input, so
/// the same samples always give the same velocity, in tests and in the simulation.
public struct ScrollVelocity: Sendable, Equatable {
    private var samples: Deque<Sample> = []
    /// Only this much history counts: the speed a user holds now, not an average of the session.
    let window: Double

    struct Sample: Sendable, Equatable {
        let time: Double
        let row: Int
    }

    public init(window: Double = 1.0) {
        self.window = window
    }

    /// Notes that the cursor is on `row` at `time` (seconds, any monotonic origin).
    public mutating func record(row: Int, at time: Double) {
        if let last = samples.last, last.time > time { samples.removeAll() }
        samples.append(Sample(time: time, row: row))
        while let first = samples.first, time - first.time > window, samples.count > 2 {
            samples.removeFirst()
        }
    }

    /// Rows were inserted or removed above some samples: they move with the rows, so the cursor
    /// carried down by new items at the top is not taken for a fast scroll.
    mutating func move(with edit: RowEdit) {
        for index in samples.indices {
            samples[index] = Sample(time: samples[index].time, row: edit.map(samples[index].row))
        }
    }

    /// Rows per second towards the end of the list (negative when scrolling up); 0 when the
    /// user has not moved within the window.
    public func rowsPerSecond(at time: Double) -> Double {
        guard let first = samples.first, let last = samples.last, time - last.time <= window else { return 0 }
        // Over at least a quarter of the window, so two quick key presses are not 1,000 rows/s.
        let span = max(time - first.time, window / 4)
        return Double(last.row - first.row) / span
    }
}
