import Foundation
import Hummingbird

/// Replicas of the APIs in docs/pagination-apis.md, served by the test server next to
/// `TestRoutes`: each reproduces its API's response shape, headers and pagination quirks (0-based
/// pages, cursors with `+/=`, empty pages mid-list, relative or templated next links, errors past
/// the end), so the replica tests show that infinilist walks each one correctly with the flags
/// docs/pagination.md gives. One file per API or family.
enum Replicas {
    static func register(on router: Router<BasicRequestContext>, log: RequestLog) {
        GitHubReplica.register(on: router)
        AlgoliaReplica.register(on: router, log: log)
        RedditReplica.register(on: router)
        StripeReplica.register(on: router)
        DjangoRESTReplica.register(on: router)
        JSONAPIReplica.register(on: router)
        HALReplica.register(on: router)
        SpringPageReplica.register(on: router)
        SlackReplica.register(on: router)
        GoogleReplica.register(on: router)
        MastodonReplica.register(on: router)
        JSONPlaceholderReplica.register(on: router)
        GitLabReplica.register(on: router)
        NotionReplica.register(on: router)
        XReplica.register(on: router)
        ShopifyReplica.register(on: router)
        ElasticsearchReplica.register(on: router)
        ElasticsearchSearchAfterReplica.register(on: router)
        NotionDatabaseReplica.register(on: router)
        OpenAlexReplica.register(on: router)
        ClassicOffsetReplica.register(on: router)
        MisbehavingReplica.register(on: router)
    }
}

/// What every replica needs: the query as a dictionary (keys and values percent-decoded, as
/// servers read them), the origin to build absolute links, and JSON responses with headers.
enum Replica {
    static func query(_ request: Request) -> [String: String] {
        var result: [String: String] = [:]
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    static func int(_ query: [String: String], _ name: String, default value: Int) -> Int {
        query[name].flatMap { Int($0) } ?? value
    }

    /// `http://127.0.0.1:PORT`, from the request's Host.
    static func origin(_ request: Request) -> String {
        "http://" + (request.head.authority ?? "127.0.0.1")
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok, headers: [String: String] = [:]) -> Response {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPFields.Element.Name(name) { fields[field] = value }
        }
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A JSON string literal.
    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `"key": value` members joined into an object.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    /// An RFC 8288 Link header value from (URL, rel) pairs.
    static func link(_ links: [(String, String)]) -> String {
        links.map { "<\($0.0)>; rel=\"\($0.1)\"" }.joined(separator: ", ")
    }

    /// `percent-encoded` for building query strings, as servers write their own next links.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// The slice of `count` items starting at `start`, clamped to `0..<total`.
    static func window(_ start: Int, _ count: Int, total: Int) -> Range<Int> {
        let low = min(max(0, start), total)
        return low..<min(total, low + max(0, count))
    }
}
