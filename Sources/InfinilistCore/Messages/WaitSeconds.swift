/// The time left in a wait, as it is shown: tenths of a second below ten seconds (`0.4`, `2.5`,
/// `3`), whole seconds from there (`42`), always rounded up so a wait is never shown as over
/// before it is. The retrying fetcher reports a new value each time the shown one would change
/// by a whole second and sleeps exactly the time it showed, so "retrying in 0.4 s" waits 0.4 s
/// (rounding a backoff of 0.4 s up to "1 s" said one thing and did another).
public struct WaitSeconds: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// What is shown, in tenths of a second.
    public let tenths: Int

    public init(_ seconds: Double) {
        let clamped = min(max(0, seconds), 1e12)
        // A hair below the next tenth counts as that tenth: 0.4 stays 0.4 whatever the float.
        let tenths = Int((clamped * 10 - 1e-6).rounded(.up))
        self.tenths = tenths >= 100 ? (tenths + 9) / 10 * 10 : max(0, tenths)
    }

    public init(integerLiteral value: Int) { self.init(Double(value)) }
    public init(floatLiteral value: Double) { self.init(value) }

    /// `0.4`, `2`, `42`: a number of seconds, without the unit.
    public var description: String {
        tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    public var seconds: Double { Double(tenths) / 10 }

    public static func < (lhs: WaitSeconds, rhs: WaitSeconds) -> Bool { lhs.tenths < rhs.tenths }
}
