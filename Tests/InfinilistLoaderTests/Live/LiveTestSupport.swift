import Foundation
import InfinilistCore
@testable import InfinilistLoader

enum LiveTest {
    /// Options for live tests: the test clock (reconnect waits are recorded, never slept).
    static func options(clock: TestClock, pageSize: Int = 50, timeout: Duration = .seconds(10)) -> SourceOptions {
        var options = SourceOptions.faults(clock: clock, timeout: timeout)
        options.pageSize = pageSize
        options.streamPageSize = pageSize
        return options
    }

    /// Pages read as the loader reads them at the tail, until the list ends, a page fails, or
    /// `limit` pages: every item's JSON, the pages, the end and the failure.
    struct Walked {
        var items: [String] = []
        var pages: [FetchedPage] = []
        var end: EndReason?
        var failure: PageLoadError?
        var walk: Walk
    }

    static func walk(_ source: any PageSource, limit: Int = 500, from start: Walked? = nil) async -> Walked {
        var walked = start ?? Walked(walk: source.startWalk())
        var index = walked.pages.count
        while index < limit, let key = walked.walk.key(for: index) {
            do {
                let page = source.page(from: try await source.fetch(key), key: key, kind: .next, walk: &walked.walk)
                walked.pages.append(page)
                walked.items += page.items.map(\.json)
                if let end = page.end {
                    walked.end = end
                    return walked
                }
            } catch {
                walked.failure = error as? PageLoadError
                return walked
            }
            index += 1
        }
        return walked
    }
}
