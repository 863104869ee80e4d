/// The time of day as the event loop last read it, handed to the core as a message (`.wallClock`)
/// because the core has no clock of its own: dates in a table are shown as ages (`3h`, `2d`)
/// relative to it, and as calendar dates (`Mar 4`) in the user's time zone.
public struct WallClock: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let seconds: Double
    /// Seconds east of UTC of the local time zone now, for calendar dates.
    public let utcOffset: Int

    public init(seconds: Double, utcOffset: Int = 0) {
        self.seconds = seconds
        self.utcOffset = utcOffset
    }
}
