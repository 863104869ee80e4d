import NIOCore

/// NIO's time type from the standard library's, for deadlines and client timeouts.
extension TimeAmount {
    init(_ duration: Duration) {
        // Saturating: a deadline centuries away is "never", not an overflow trap.
        let (seconds, attoseconds) = duration.components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self = .nanoseconds(overflow ? (seconds < 0 ? .min : .max) : nanoseconds.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }
}
