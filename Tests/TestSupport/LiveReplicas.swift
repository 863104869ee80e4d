import Foundation
import Hummingbird
import Synchronization

/// Wikimedia EventStreams (`https://stream.wikimedia.org/v2/stream/recentchange`): server-sent
/// events as Wikimedia sends them, `event: message`, an `id:` that is a JSON array of Kafka
/// positions, and one recent change as JSON in `data:`. A connection sends `batch` events (the
/// real service closes connections now and then too), then closes; a reconnection with
/// `Last-Event-ID` resumes after the offset in it, as the real service does. Replica-only knobs:
/// `interval` (milliseconds between events; 0 by default), and `total`, after which a new
/// connection is answered 204 (the standard's "stop"), so a test's list ends.
public enum WikimediaStreamReplica {
    public static let path = "v2/stream/recentchange"

    /// What the replica saw: each connection's `Last-Event-ID` ("" without one).
    public final class Log: Sendable {
        private let ids = Mutex<[String]>([])
        public init() {}
        func record(_ id: String) { ids.withLock { $0.append(id) } }
        public var lastEventIDs: [String] { ids.withLock { $0 } }
    }

    public static func register(on router: Router<BasicRequestContext>, log: Log = Log()) {
        router.get("v2/stream/recentchange") { request, _ in
            let query = request.uri.queryParameters
            let batch = query["batch"].flatMap { Int($0) } ?? 5
            let total = query["total"].flatMap { Int($0) }
            let interval = query["interval"].flatMap { Int($0) } ?? 0
            let lastEventID = request.headers[.init("Last-Event-ID")!] ?? ""
            log.record(lastEventID)
            let first = offset(in: lastEventID).map { $0 + 1 } ?? 0
            if let total, first >= total { return Response(status: .noContent) }
            let last = total.map { min($0, first + batch) } ?? first + batch
            var headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8"]
            headers[.cacheControl] = "no-cache"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: ":ok\n\n"))
                for offset in first..<last {
                    if interval > 0 { try await Task.sleep(for: .milliseconds(interval)) }
                    try await writer.write(ByteBuffer(string: event(offset: offset)))
                }
                try await writer.finish(nil)
            })
        }
    }

    public static let titles = ["Zürich", "東京都", "Κωνσταντινούπολη", "Special:Log/newusers", "São Paulo", "Москва", "Rainbow 🌈"]

    /// One event, as the real stream sends it.
    public static func event(offset: Int) -> String {
        let title = titles[offset % titles.count]
        let encoded = title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? title
        let timestamp = 1_714_564_800 + offset
        let data = #"{"$schema":"/mediawiki/recentchange/1.0.0","meta":{"uri":"https://en.wikipedia.org/wiki/\#(encoded)","#
            + #""request_id":"req-\#(offset)","id":"evt-\#(offset)","dt":"2024-05-01T12:00:\#(String(format: "%02d", offset % 60))Z","#
            + #""domain":"en.wikipedia.org","stream":"mediawiki.recentchange","topic":"eqiad.mediawiki.recentchange","partition":0,"offset":\#(offset)},"#
            + #""id":\#(9_000_000 + offset),"type":"edit","namespace":0,"title":"\#(title)","title_url":"https://en.wikipedia.org/wiki/\#(encoded)","#
            + #""comment":"copyedit \#(offset)","timestamp":\#(timestamp),"user":"Editor\#(offset % 7)","bot":\#(offset % 5 == 0),"minor":false,"#
            + #""length":{"old":\#(1000 + offset),"new":\#(1010 + offset)},"revision":{"old":\#(500_000 + offset),"new":\#(500_001 + offset)},"#
            + #""server_url":"https://en.wikipedia.org","server_name":"en.wikipedia.org","wiki":"enwiki","parsedcomment":"copyedit \#(offset)"}"#
        let id = #"[{"topic":"eqiad.mediawiki.recentchange","partition":0,"offset":\#(offset)},{"topic":"codfw.mediawiki.recentchange","partition":0,"offset":-1}]"#
        return "event: message\nid: \(id)\ndata: \(data)\n\n"
    }

    /// The eqiad offset in a `Last-Event-ID`, as the real service reads it to resume.
    static func offset(in lastEventID: String) -> Int? {
        guard let range = lastEventID.range(of: #""offset":"#) else { return nil }
        return Int(lastEventID[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }
}

/// The Kubernetes API's watch (`GET /api/v1/namespaces/default/pods?watch=1`): one JSON event
/// per line, `{"type": "ADDED", "object": {…a Pod…}}`, answered as the API server answers it,
/// `Content-Type: application/json` with a chunked body (hence `--live`). The watch ends after
/// its events, as a real one ends at `timeoutSeconds`. Without `watch`, the pod list.
/// Replica-only knobs: `interval`, milliseconds between events; `hold`, a number of events after
/// which the stream stays open without ending (a watch with nothing new to say).
public enum KubernetesWatchReplica {
    public static let path = "api/v1/namespaces/default/pods"

    /// The watch's events: (type, pod name, phase, resourceVersion).
    public static let events: [(type: String, name: String, phase: String, version: Int)] = [
        ("ADDED", "web-0", "Pending", 1001), ("ADDED", "web-1", "Pending", 1002), ("MODIFIED", "web-0", "Running", 1003),
        ("ADDED", "worker-ünïcode-0", "Pending", 1004), ("DELETED", "web-1", "Succeeded", 1005),
    ]

    public static func register(on router: Router<BasicRequestContext>) {
        router.get("api/v1/namespaces/default/pods") { request, _ in
            let query = request.uri.queryParameters
            let watching = query["watch"].map { $0 == "1" || $0 == "true" } ?? false
            guard watching else {
                let pods = ["web-0", "worker-ünïcode-0"].enumerated().map { pod(name: $1, phase: "Running", version: 1000 + $0) }
                let list = #"{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"1003"},"items":[\#(pods.joined(separator: ","))]}"#
                return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: list)))
            }
            let interval = query["interval"].flatMap { Int($0) } ?? 0
            let since = query["resourceVersion"].flatMap { Int($0) } ?? 0
            let hold = query["hold"].flatMap { Int($0) }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                for (sent, event) in events.filter({ $0.version > since }).enumerated() {
                    // Held open: nothing more comes until the client goes or the server stops.
                    if sent == hold { try await Task.sleep(for: .seconds(600)) }
                    if interval > 0 { try await Task.sleep(for: .milliseconds(interval)) }
                    let line = #"{"type":"\#(event.type)","object":\#(pod(name: event.name, phase: event.phase, version: event.version))}"# + "\n"
                    try await writer.write(ByteBuffer(string: line))
                }
                try await writer.finish(nil)
            })
        }
    }

    static func pod(name: String, phase: String, version: Int) -> String {
        #"{"kind":"Pod","apiVersion":"v1","metadata":{"name":"\#(name)","namespace":"default","uid":"uid-\#(name)","#
            + #""resourceVersion":"\#(version)","creationTimestamp":"2024-05-01T12:00:00Z"},"spec":{"nodeName":"node-1"},"#
            + #""status":{"phase":"\#(phase)"}}"#
    }
}
