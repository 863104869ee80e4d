import Synchronization

/// A count of the bytes text handling reads or writes, for tests that check a property no clock
/// should decide: sanitizing writes each byte of its result once, and a row looks at no more of
/// its text than it can show (a 2.9 KB answer whose title was 320,000 invisible characters froze
/// the screen for 23 s). Counted only inside `TextWork.$counter.withValue(_:)`, so tests running
/// side by side count their own work; elsewhere the cost is one task-local read per call.
public enum TextWork {
    public final class Counter: Sendable {
        private let total = Atomic<Int>(0)

        public init() {}

        /// Bytes counted so far.
        public var bytes: Int { total.load(ordering: .relaxed) }

        fileprivate func add(_ bytes: Int) {
            total.add(bytes, ordering: .relaxed)
        }
    }

    @TaskLocal public static var counter: Counter?

    static func count(bytes: Int) {
        counter?.add(bytes)
    }
}
