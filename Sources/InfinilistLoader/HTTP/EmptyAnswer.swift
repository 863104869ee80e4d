import InfinilistCore

/// A successful answer with nothing in it: HTTP 204 No Content, or a 2xx with an empty body.
/// Several APIs end a list that way, so it is the end of the list, not a page that is "not JSON".
enum EmptyAnswer {
    /// The end reason when `body` is such an answer; nil when it has a body to parse.
    static func end(of body: HTTPBody) -> EndReason? {
        if body.status == 204 { return EndReason("HTTP 204 No Content: no more items") }
        guard body.isSuccess, body.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return nil }
        return EndReason("HTTP \(body.statusLine) with an empty body: no more items")
    }
}
