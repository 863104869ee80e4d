import Testing
@testable import InfinilistCore

@Suite struct PrefetchPolicyTests {
    @Test func fixedIsExactlyWhatWasAsked() {
        #expect(PrefetchPolicy.fixed(7).distance(screenRows: 29, rowsPerSecond: 100, latency: 3) == 7)
        #expect(PrefetchPolicy.fixed(0).distance(screenRows: 29, rowsPerSecond: 0, latency: nil) == 0)
    }

    @Test func autoIsOneScreenAtRestOrBeforeAnyLatencyIsKnown() {
        #expect(PrefetchPolicy.auto.distance(screenRows: 29, rowsPerSecond: 0, latency: 0.3) == 29)
        #expect(PrefetchPolicy.auto.distance(screenRows: 29, rowsPerSecond: 60, latency: nil) == 29)
        #expect(PrefetchPolicy.auto.distance(screenRows: 29, rowsPerSecond: -40, latency: 1) == 29)
    }

    /// 60 rows/s on a 1 s network travels 60 rows per page load; twice that for safety.
    @Test func autoCoversTheTravelDuringOneLoadWithHeadroom() {
        #expect(PrefetchPolicy.auto.distance(screenRows: 29, rowsPerSecond: 60, latency: 1.0) == 120)
        #expect(PrefetchPolicy.auto.distance(screenRows: 29, rowsPerSecond: 30, latency: 0.3) == 29)
        #expect(PrefetchPolicy.auto.distance(screenRows: 10, rowsPerSecond: 30, latency: 0.3) == 18)
    }

    /// `--prefetch` is parsed and shown by the policy itself (the command line only conforms it).
    @Test func parsesAndNamesItsArgument() {
        #expect(PrefetchPolicy(argument: "auto") == .auto)
        #expect(PrefetchPolicy(argument: "0") == .fixed(0))
        #expect(PrefetchPolicy(argument: "25") == .fixed(25))
        // A negative number parses, so that the command's own check can name it.
        #expect(PrefetchPolicy(argument: "-1") == .fixed(-1))
        for bad in ["", "Auto", "2.5", "ten", " 3"] { #expect(PrefetchPolicy(argument: bad) == nil, "\(bad)") }
        #expect(PrefetchPolicy.auto.description == "auto")
        #expect(PrefetchPolicy.fixed(25).description == "25")
    }

    @Test func autoIsCapped() {
        #expect(PrefetchPolicy.auto.distance(screenRows: 29, rowsPerSecond: 1e9, latency: 10) == PrefetchPolicy.maximumRows)
        #expect(PrefetchPolicy.auto.distance(screenRows: 29, rowsPerSecond: .infinity, latency: 1) == PrefetchPolicy.maximumRows)
    }
}

@Suite struct ScrollVelocityTests {
    @Test func steadyKeyRepeatGivesItsRate() {
        var v = ScrollVelocity()
        for i in 0...30 { v.record(row: i, at: Double(i) / 30) } // 30 rows/s for a second
        #expect(abs(v.rowsPerSecond(at: 1.0) - 30) < 1.5)
    }

    @Test func stoppingBringsItBackToZero() {
        var v = ScrollVelocity()
        for i in 0...10 { v.record(row: i, at: Double(i) / 10) }
        #expect(v.rowsPerSecond(at: 1.0) > 5)
        #expect(v.rowsPerSecond(at: 3.0) == 0)
    }

    @Test func twoQuickPressesAreNotAThousandRowsPerSecond() {
        var v = ScrollVelocity()
        v.record(row: 0, at: 5.0)
        v.record(row: 1, at: 5.001)
        #expect(v.rowsPerSecond(at: 5.001) <= 4)
    }

    @Test func upwardIsNegativeAndAClockJumpBackResets() {
        var v = ScrollVelocity()
        for i in 0...10 { v.record(row: 100 - i * 3, at: Double(i) / 10) }
        #expect(v.rowsPerSecond(at: 1.0) < 0)
        v.record(row: 5, at: 0.5)
        #expect(v.rowsPerSecond(at: 0.5) == 0)
    }
}

@Suite struct LatencyEstimateTests {
    @Test func followsTheNetworkSmoothly() {
        var l = LatencyEstimate()
        #expect(l.seconds == nil)
        l.record(0.3)
        #expect(l.seconds == 0.3)
        l.record(1.3)
        #expect(abs((l.seconds ?? 0) - 0.6) < 1e-9)
        l.record(.nan)
        l.record(-1)
        #expect(abs((l.seconds ?? 0) - 0.6) < 1e-9)
    }
}
