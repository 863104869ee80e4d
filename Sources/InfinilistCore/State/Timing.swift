/// Time as the driver gives it, and what is measured with it. The core reads no clock: the event
/// loop and the simulation pass the time with each message (`update(_:at:)`) and the wall clock
/// as a message of its own, so the same messages always give the same state.
public struct Timing: Sendable {
    /// Seconds on the driver's monotonic clock at the current message; nil when the driver gives
    /// no time (then the scroll speed is unknown and `auto` prefetch is one screen).
    public internal(set) var clock: Double?
    /// The time of day as the event loop last gave it (`.wallClock`), for showing dates as
    /// ages; nil until it does (dates then show as calendar dates).
    public internal(set) var wallClock: WallClock?
    /// The user's scroll speed, for `auto` prefetch.
    public internal(set) var velocity = ScrollVelocity()
    /// Advanced by each tick while loading; picks the spinner's frame.
    public internal(set) var spinnerPhase = 0

    /// Notes that the cursor is on `row` now, for the scroll speed; only when the driver gives time.
    mutating func cursorMoved(to row: Int) {
        guard let clock else { return }
        velocity.record(row: row, at: clock)
    }

    /// The user's speed now, in rows per second towards the end; 0 without a clock.
    var rowsPerSecond: Double { clock.map { max(0, velocity.rowsPerSecond(at: $0)) } ?? 0 }
}
