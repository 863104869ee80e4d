/// A complete answer to a GET: status, headers and the body bytes (at most the byte cap).
struct HTTPBody: Sendable {
    /// The URL that answered, after redirects.
    let url: String
    let status: Int
    let reason: String
    let headers: [HeaderField]
    let bytes: [UInt8]

    var contentType: String { headers.first(named: "content-type") ?? "no content type" }
    var isSuccess: Bool { (200...299).contains(status) }
    /// `404 Not Found`.
    var statusLine: String { reason.isEmpty ? "\(status)" : "\(status) \(reason)" }
}
