import Testing
@testable import InfinilistCore

@Suite struct FollowIntervalTests {
    @Test(arguments: [("30s", 30.0), ("2m", 120), ("1h", 3600), ("45", 45), ("1.5s", 1.5), ("1", 1), (" 10 s", 10)])
    func readsSecondsMinutesAndHours(text: String, seconds: Double) {
        #expect(FollowInterval.parse(text) == .success(seconds))
    }

    @Test(arguments: ["", "s", "abc", "10x", "-5", "+5", "1e3", "inf", "nan", "1..5", ".", "5ms"])
    func refusesWhatIsNotAnInterval(text: String) {
        #expect(FollowInterval.parse(text) == .failure(.unreadable))
    }

    @Test func refusesLessThanASecond() {
        #expect(FollowInterval.parse("0.5") == .failure(.tooShort(0.5)))
        #expect(FollowInterval.parse("0s") == .failure(.tooShort(0)))
    }

    /// Huge intervals once trapped converting to whole seconds (SIGILL).
    @Test(arguments: ["9223372036854775807", "9999999999999999s", "2562047788015215h", "86401", "24.01h"])
    func refusesMoreThanADay(text: String) {
        #expect(FollowInterval.parse(text) == .failure(.tooLong))
    }

    @Test func aDayIsTheLongest() {
        #expect(FollowInterval.parse("24h") == .success(86_400))
        #expect(FollowInterval.text(86_400) == "24h")
        #expect(!FollowInterval.text(1e300).isEmpty)
    }

    @Test func saysItShort() {
        #expect(FollowInterval.text(30) == "30s")
        #expect(FollowInterval.text(120) == "2m")
        #expect(FollowInterval.text(90) == "1m30s")
        #expect(FollowInterval.text(3600) == "1h")
        #expect(FollowInterval.text(1.5) == "1.5s")
    }
}
