import Foundation
import Hummingbird
import Synchronization
import TestSupport

/// What a live test server saw: each request's path (with query) and `Last-Event-ID`, and events
/// its streams record ("closed" when a client went away mid-stream). `release` lets a stream that
/// holds on go on.
final class LiveLog: Sendable {
    struct Entry: Sendable, Equatable {
        let uri: String
        let lastEventID: String?
    }

    private let entries = Mutex<[Entry]>([])
    private let events = Mutex<[String]>([])
    private let released = Mutex(false)

    func record(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    func event(_ text: String) { events.withLock { $0.append(text) } }
    func release() { released.withLock { $0 = true } }
    var isReleased: Bool { released.withLock { $0 } }

    var all: [Entry] { entries.withLock { $0 } }
    var allEvents: [String] { events.withLock { $0 } }
    /// Requests whose path starts with `prefix`.
    func requests(_ prefix: String) -> [Entry] { all.filter { $0.uri.hasPrefix(prefix) } }

    /// Waits (polling, up to 45 s) until an event is recorded; whether it was.
    func waitForEvent(_ text: String) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if allEvents.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return allEvents.contains(text)
    }
}

/// Streaming answers as servers send them, cut into chunks at awkward places (inside a UTF-8
/// character, a line, a field name, between CR and LF), with pauses between the chunks so that
/// they reach the client one by one; streams that drop, that hold on, that close at once every
/// time, that are slow (a connection that breaks mid-value is `ScriptedServer`'s); and the Wikimedia and Kubernetes replicas.
enum LiveRoutes {
    static let ndjsonSplit: [String] = [
        #"{"id": 1, "name": "Zo"#, "\u{00EB}", #""}"#, "\n{\"id\": 2, \"na", #"me": "日"#, "本語\"}\n", #"{"id": 3, "name": "🏳️‍🌈"#,
        #" flag"}"#, "\n", #"{"id": 4, "name": "plain"}"#, "\n",
    ]

    /// The SSE stream of `sse/split`, before it is cut: CRLF, LF and CR line ends, comments,
    /// `retry:`, `event:`, ids, multi-line data (JSON over two lines, and text), an event with no
    /// data (no item).
    static let sseText = ": a comment to keep the connection open\r\nretry: 250\r\nevent: message\r\nid: 1\r\n"
        + "data: {\"id\": 1, \"name\": \"Zoë\"}\r\n\r\nid: 2\ndata: {\"id\": 2,\ndata:  \"lines\": \"two\"}\n\n"
        + "data: plain text\ndata: on two lines\n\nevent: ping\n:just a comment\n\n"
        + "id: 3\rdata:{\"id\": 3, \"name\": \"日本語 🌈\"}\r\r"

    /// Where `sseText` is cut: inside "data", inside "ë", between a CR and its LF, inside "日" and "🌈".
    static var sseChunks: [[UInt8]] {
        let bytes = Array(sseText.utf8)
        func index(of text: String, plus offset: Int = 0, from: Int = 0) -> Int {
            let needle = Array(text.utf8)
            for start in from..<(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle { return start + offset }
            return from
        }
        let cuts = [
            index(of: "data: {\"id\": 1", plus: 2), index(of: "ë", plus: 1), index(of: "}\r\n\r\n", plus: 2),
            index(of: "data:  \"lines", plus: 3), index(of: "日", plus: 1), index(of: "🌈", plus: 2), index(of: "\r\r", plus: 1),
        ].sorted()
        var chunks: [[UInt8]] = []
        var start = 0
        for cut in cuts where cut > start {
            chunks.append(Array(bytes[start..<cut]))
            start = cut
        }
        chunks.append(Array(bytes[start...]))
        return chunks
    }

    static func router(log: LiveLog) -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(LiveLogMiddleware(log: log))
        WikimediaStreamReplica.register(on: router)
        KubernetesWatchReplica.register(on: router)

        router.get("ndjson/split") { _, _ in
            stream("application/x-ndjson; charset=utf-8", ndjsonSplit.map { Array($0.utf8) })
        }
        // Three items, then nothing until the test releases it (or the client goes); two more.
        router.get("jsonl/hold") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/jsonl"], body: ResponseBody { writer in
                do {
                    try await writer.write(ByteBuffer(string: "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3}\n"))
                    while !log.isReleased {
                        try await Task.sleep(for: .milliseconds(500))
                        try await writer.write(ByteBuffer(string: "\n"))
                    }
                    try await writer.write(ByteBuffer(string: "{\"id\": 4}\n{\"id\": 5}\n"))
                    try await writer.finish(nil)
                } catch {
                    log.event("closed")
                    throw error
                }
            })
        }
        // RFC 7464: RS before each record; the second is cut short, the last is a number.
        router.get("json-seq") { _, _ in
            stream("application/json-seq", ["\u{1E}{\"id\": 1}\n\u{1E}{\"id\": 2, \"trunc", "\n\u{1E}{\"id\"", ": 3}\n\u{1E}42\n"].map { Array($0.utf8) })
        }
        // The first connection sends `sseText` cut up, then closes; the next one is told to stop.
        router.get("sse/split") { request, _ in
            guard lastEventID(request) == nil else { return Response(status: .noContent) }
            return stream("text/event-stream", sseChunks)
        }
        // Events 1 to 3, then 4 and 5 after the Last-Event-ID 3, then 204.
        router.get("sse/resume") { request, _ in
            switch lastEventID(request) {
            case nil: return stream("text/event-stream", (1...3).map { Array("id: \($0)\ndata: {\"n\": \($0)}\n\n".utf8) })
            case "3": return stream("text/event-stream", (4...5).map { Array("id: \($0)\ndata: {\"n\": \($0)}\n\n".utf8) })
            default: return Response(status: .noContent)
            }
        }
        // Every connection is closed at once, with nothing but a comment.
        router.get("sse/storm") { _, _ in stream("text/event-stream", [Array(": nothing today\n\n".utf8)]) }
        // One item every 2.5 s, three in all.
        router.get("slow") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: ResponseBody { writer in
                for index in 1...3 {
                    try await Task.sleep(for: .milliseconds(2500))
                    try await writer.write(ByteBuffer(string: "{\"id\": \(index)}\n"))
                }
                try await writer.finish(nil)
            })
        }
        // An item every 30 ms, 60 in all: never quiet for 100 ms.
        router.get("steady") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: ResponseBody { writer in
                for index in 1...60 {
                    try await writer.write(ByteBuffer(string: "{\"id\": \(index)}\n"))
                    try await Task.sleep(for: .milliseconds(30))
                }
                try await writer.finish(nil)
            })
        }
        // `n` items (default 500) as fast as they are read.
        router.get("many") { request, _ in
            let count = request.uri.queryParameters["n"].flatMap { Int($0) } ?? 500
            return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: ResponseBody { writer in
                var index = 1
                while index <= count {
                    let lines = (index..<min(count + 1, index + 100)).map { "{\"id\": \($0), \"title\": \"item \($0)\"}\n" }.joined()
                    try await writer.write(ByteBuffer(string: lines))
                    index += 100
                }
                try await writer.finish(nil)
            })
        }
        // Event 1, then a refusal (401); after that (the user's `r`), event 2, then 204.
        router.get("sse/refuse") { request, _ in
            switch log.requests("/sse/refuse").count {
            case 1: return stream("text/event-stream", [Array("id: 1\ndata: {\"n\": 1}\n\n".utf8)])
            case 2: return Response(status: .unauthorized, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"message": "token expired"}"#)))
            case 3: return stream("text/event-stream", [Array("id: 2\ndata: {\"n\": 2}\n\n".utf8)])
            default: return Response(status: .noContent)
            }
        }
        return router
    }

    /// A streaming answer of `type` written chunk by chunk, 25 ms apart.
    static func stream(_ type: String, _ chunks: [[UInt8]]) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody { writer in
            for chunk in chunks {
                try await writer.write(ByteBuffer(bytes: chunk))
                try await Task.sleep(for: .milliseconds(25))
            }
            try await writer.finish(nil)
        })
    }

    static func lastEventID(_ request: Request) -> String? {
        request.headers[.init("Last-Event-ID")!]
    }
}

struct LiveLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let log: LiveLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        log.record(LiveLog.Entry(uri: request.uri.description, lastEventID: LiveRoutes.lastEventID(request)))
        return try await next(request, context)
    }
}

/// Runs `body` with a live test server on 127.0.0.1 (ephemeral port): its base URL and log.
func withLiveServer<T: Sendable>(_ body: @Sendable (_ base: String, _ log: LiveLog) async throws -> T) async throws -> T {
    let log = LiveLog()
    return try await withLocalServer(router: LiveRoutes.router(log: log)) { port in
        try await body("http://127.0.0.1:\(port)", log)
    }
}
