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

    @Test func saysItShort() {
        #expect(FollowInterval.text(30) == "30s")
        #expect(FollowInterval.text(120) == "2m")
        #expect(FollowInterval.text(90) == "1m30s")
        #expect(FollowInterval.text(3600) == "1h")
        #expect(FollowInterval.text(1.5) == "1.5s")
    }
}
