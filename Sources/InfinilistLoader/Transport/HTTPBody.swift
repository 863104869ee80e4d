/// A complete answer to a request: status, headers and the body bytes (at most the byte cap).
struct HTTPBody: Sendable {
    /// The URL that answered, after redirects, as it was sent (no user name or password).
    let url: String
    let status: Int
    let reason: String
    let headers: [HeaderField]
    let bytes: [UInt8]
    /// `url` with `user:***@` when the starting URL's credentials were sent with it; nil otherwise.
    var shownURL: String? = nil
    /// The method of the request that was answered (a 303 turns a POST into a GET), for `-v`.
    var method = "GET"
    /// A streaming answer handed on unread (`bytes` is empty): the body of a live list.
    var stream: StreamingBody? = nil
    /// The secrets the request carried: what the server says is shown without them.
    var echoes = EchoedSecrets.none

    var contentType: String { headers.first(named: "content-type") ?? "no content type" }
    var isSuccess: Bool { (200...299).contains(status) }
    /// `404 Not Found`.
    var statusLine: String { reason.isEmpty ? "\(status)" : "\(status) \(echoes.masked(reason))" }

    /// The server's own message in an error body (`ServerMessage`), without the request's secrets.
    var serverMessage: String? { ServerMessage.extract(from: bytes, masking: echoes) }

    /// The body's first `count` bytes as one line (`OneLine.snippet`), without the request's secrets.
    func snippet(count: Int = 60) -> String { OneLine.snippet(of: bytes, count: count, masking: echoes) }
    /// The URL for messages and `-v`.
    var shown: String { shownURL ?? url }
}
