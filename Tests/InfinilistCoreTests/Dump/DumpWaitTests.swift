import InfinilistCore
import Testing

/// What `--dump` says on stderr while a request waits (a rate limit, a retry): each wait once,
/// not every second of its countdown, and the same wait of a later page again.
@Suite struct DumpWaitTests {
    private func reports(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .report(let line) = $0 { line } else { nil } }
    }

    @Test func eachPagesWaitIsSaidOnceEvenWithTheSameReason() {
        var model = DumpModel()
        var ids = RequestIDs()
        let reason = "rate limited by 127.0.0.1 (HTTP 429)"
        var said: [String] = []
        for page in 1...3 {
            let request = ids.request(page: page)
            for seconds in [3, 2, 1] {
                let wait = PageWait(request: request, seconds: WaitSeconds(Double(seconds)), reason: reason)
                said += reports(model.update(.pageWaiting(wait), at: Double(page * 10 + 3 - seconds)))
            }
        }
        #expect(said == [
            "infinilist: page 2: \(reason); retrying in 3 s",
            "infinilist: page 3: \(reason); retrying in 3 s",
            "infinilist: page 4: \(reason); retrying in 3 s",
        ])
    }
}
