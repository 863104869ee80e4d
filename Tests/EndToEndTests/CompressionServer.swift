import TestSupport
import Foundation
import Hummingbird
import Synchronization

/// A local server with a GitHub-like list of issues (50 realistic objects a page, endlessly),
/// gzip-compressed when the request accepts gzip, as GitHub's API does; it counts the body bytes
/// it sends, so a test can compare the bytes on the wire with and without compression.
final class CompressionServer: Sendable {
    let base: String
    private let sent = Mutex<Int>(0)
    private let acceptEncodings = Mutex<[String]>([])

    private init(base: String) { self.base = base }

    /// The body bytes sent so far (compressed when they were sent compressed).
    var bodyBytesSent: Int { sent.withLock { $0 } }
    /// The `Accept-Encoding` of every request, in order ("none" without one).
    var accepted: [String] { acceptEncodings.withLock { $0 } }

    static let issuesPerPage = 50

    /// Runs `body` with a server on 127.0.0.1 (ephemeral port).
    static func with<T: Sendable>(_ body: @Sendable (CompressionServer) async throws -> T) async throws -> T {
        let router = Router()
        // Created before the server and filled in once the port is known.
        let holder = Mutex<CompressionServer?>(nil)
        router.get("issues") { request, _ in
            guard let server = holder.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            let accept = request.headers[.acceptEncoding] ?? "none"
            server.acceptEncodings.withLock { $0.append(accept) }
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            let text = issues(page: page)
            var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
            var bytes = Array(text.utf8)
            if accept.lowercased().contains("gzip") {
                bytes = Compression.gzip.compress(bytes)
                headers[.contentEncoding] = "gzip"
            }
            server.sent.withLock { $0 += bytes.count }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        return try await withLocalServer(router: router) { port in
            let server = CompressionServer(base: "http://127.0.0.1:\(port)")
            holder.withLock { $0 = server }
            return try await body(server)
        }
    }

    /// Page `page` of issues, as GitHub's `GET /repos/{owner}/{repo}/issues` writes them (most
    /// fields, varied text), deterministic.
    static func issues(page: Int) -> String {
        let first = (page - 1) * issuesPerPage + 1
        return "[" + (first..<first + issuesPerPage).map(issue).joined(separator: ",") + "]"
    }

    private static let words = [
        "crash", "when", "loading", "large", "file", "the", "parser", "fails", "on", "unicode", "input", "after",
        "upgrade", "to", "version", "memory", "leak", "in", "worker", "thread", "docs", "typo", "add", "support",
        "for", "proxy", "settings", "timeout", "is", "ignored", "by", "client", "regression", "since", "build",
        "windows", "linux", "macos", "slow", "startup", "with", "many", "plugins", "incorrect", "error", "message",
    ]
    private static let logins = ["octocat", "hubot", "monalisa", "defunkt", "mojombo", "pjhyett", "wycats", "technoweenie", "ezmobius", "ivey"]
    private static let labels = [("bug", "d73a4a"), ("enhancement", "a2eeef"), ("documentation", "0075ca"), ("question", "d876e3"), ("good first issue", "7057ff")]

    private static func issue(_ number: Int) -> String {
        var random = UInt64(number) &* 6364136223846793005 &+ 1442695040888963407
        func next(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        func sentence(_ count: Int) -> String { (0..<count).map { _ in words[next(words.count)] }.joined(separator: " ") }
        let login = logins[next(logins.count)]
        let userID = 1000 + next(900_000)
        let id = 1_800_000_000 + number * 7919 + next(7919)
        let label = labels[next(labels.count)]
        let repo = "https://api.github.com/repos/example/project"
        let created = String(format: "2024-%02d-%02dT%02d:%02d:%02dZ", 1 + next(12), 1 + next(28), next(24), next(60), next(60))
        let updated = String(format: "2025-%02d-%02dT%02d:%02d:%02dZ", 1 + next(12), 1 + next(28), next(24), next(60), next(60))
        let nodeID = String((0..<18).map { _ in Character(UnicodeScalar(UInt8(65 + next(26)))) })
        return """
        {"url":"\(repo)/issues/\(number)","repository_url":"\(repo)","labels_url":"\(repo)/issues/\(number)/labels{/name}",\
        "comments_url":"\(repo)/issues/\(number)/comments","events_url":"\(repo)/issues/\(number)/events",\
        "html_url":"https://github.com/example/project/issues/\(number)","id":\(id),"node_id":"I_kwDO\(nodeID)","number":\(number),\
        "title":"\(sentence(4 + next(8)))","user":{"login":"\(login)","id":\(userID),"node_id":"MDQ6VXNlcj\(userID)",\
        "avatar_url":"https://avatars.githubusercontent.com/u/\(userID)?v=4","gravatar_id":"","url":"https://api.github.com/users/\(login)",\
        "html_url":"https://github.com/\(login)","type":"User","site_admin":false},\
        "labels":[{"id":\(100_000 + next(99_999)),"node_id":"LA_kwDO\(nodeID.prefix(8))","url":"\(repo)/labels/\(label.0)","name":"\(label.0)","color":"\(label.1)","default":true}],\
        "state":"\(next(3) == 0 ? "closed" : "open")","locked":false,"assignee":null,"assignees":[],"milestone":null,"comments":\(next(40)),\
        "created_at":"\(created)","updated_at":"\(updated)","closed_at":null,"author_association":"NONE","active_lock_reason":null,\
        "body":"\(sentence(30 + next(90))).\\n\\nSteps to reproduce:\\n1. \(sentence(6))\\n2. \(sentence(8))","reactions":{"url":"\(repo)/issues/\(number)/reactions",\
        "total_count":\(next(10)),"+1":\(next(5)),"-1":0,"laugh":0,"hooray":0,"confused":0,"heart":\(next(3)),"rocket":0,"eyes":0},\
        "timeline_url":"\(repo)/issues/\(number)/timeline","performed_via_github_app":null,"state_reason":null}
        """
    }
}
