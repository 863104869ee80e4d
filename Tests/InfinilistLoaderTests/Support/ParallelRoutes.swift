import Foundation
import Hummingbird
import Synchronization

/// How many requests a route is answering at once, and the most it ever was.
final class ConcurrencyGauge: Sendable {
    private let state = Mutex((now: 0, most: 0))
    func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    func leave() { state.withLock { $0.now -= 1 } }
    var most: Int { state.withLock { $0.most } }

    /// Waits until another request is being answered beside this one, or `limit` passes; at
    /// once when two ever were. On a loaded machine requests launched together can reach the
    /// server further apart than one answer's 100 ms (a full test run once saw pages of 1.5 to
    /// 2.7 s and no overlap), so overlap is waited for as an event, not hoped for in a window.
    func awaitCompany(limit: Duration) async {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while most < 2, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// Slow pages for `--parallel`: every answer takes 100 ms, so requests in flight together show
/// as overlapping answers in the gauge. `?page=N&per_page=K` or `?offset=N&limit=K`, 10 pages of
/// `per_page` items (`pages=` changes the count), then empty pages; `total=1` reports the total,
/// `pagecount=1` the page count (`nbPages`, as Algolia), `link=1` a GitHub-style `Link` header
/// whose `rel="last"` names the last page by number on another path (and `rel="next"` before it;
/// `lastonly=1` leaves `rel="next"` out, as a hostile server may; `lastbroken=1` names the last
/// page without a page number).
/// `/parallel/limited` answers its second request with a 429 and `Retry-After: 1`.
enum ParallelRoutes {
    static let gauge = ConcurrencyGauge()
    static let latency = Duration.milliseconds(100)
    /// The routes whose tests count on requests overlapping.
    static let overlapping: Set<String> = ["pages4", "jq4", "offsets"]

    static func register(on router: Router<BasicRequestContext>, log: RequestLog) {
        router.get("parallel/:gauge") { request, context in
            let name = context.parameters.get("gauge") ?? ""
            let query = request.uri.queryParameters
            let perPage = Int(query["per_page"] ?? query["limit"] ?? "") ?? 10
            let pages = Int(query["pages"] ?? "") ?? 10
            let start = query["offset"].flatMap { Int($0) } ?? ((Int(query["page"] ?? "") ?? 1) - 1) * perPage
            if name == "limited", log.count(where: { $0.hasPrefix("/parallel/limited") }) == 2 {
                return Response(status: .tooManyRequests, headers: [.contentType: "application/json", .retryAfter: "1"],
                                body: .init(byteBuffer: ByteBuffer(string: #"{"message": "slow down"}"#)))
            }
            gauge(name).enter()
            defer { gauge(name).leave() }
            // Pages after the first are the ones a parallel dump launches together.
            if overlapping.contains(name), start > 0 { await gauge(name).awaitCompany(limit: .seconds(5)) }
            try await Task.sleep(for: latency)
            let end = pages * perPage
            let items = (start..<max(start, min(end, start + perPage))).map { #"{"id": \#($0 + 1), "title": "Item \#($0 + 1)"}"# }
            let total = query["total"] == "1" ? #", "total_count": \#(end)"# : ""
            let pageCount = query["pagecount"] == "1" ? #", "nbPages": \#(pages)"# : ""
            var headers: [String: String] = [:]
            if query["link"] == "1", let page = Int(query["page"] ?? "") {
                let last = query["lastbroken"] == "1" ? "cursor=end" : "page=\(pages)"
                var links = [#"</repositories/1/\#(name)?per_page=\#(perPage)&\#(last)>; rel="last""#]
                if page < pages, query["lastonly"] != "1" { links.insert(#"</repositories/1/\#(name)?per_page=\#(perPage)&page=\#(page + 1)>; rel="next""#, at: 0) }
                headers["Link"] = links.joined(separator: ", ")
            }
            return Replica.json(#"{"items": [\#(items.joined(separator: ", "))]\#(total)\#(pageCount)}"#, headers: headers)
        }
    }

    private static let gauges = Mutex([String: ConcurrencyGauge]())

    /// The gauge of one route name, so tests running at once do not share one.
    static func gauge(_ name: String) -> ConcurrencyGauge {
        gauges.withLock { gauges in
            if let gauge = gauges[name] { return gauge }
            let gauge = ConcurrencyGauge()
            gauges[name] = gauge
            return gauge
        }
    }
}
