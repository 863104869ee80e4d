import AsyncHTTPClient

/// Which answers are read as live lists: streaming content types, whose items arrive over time
/// and whose body may never end, so it is read as a stream instead of collected.
enum LiveContentType {
    /// The framing of a streaming content type; nil for any other (`application/json` included).
    static func framing(of contentType: String) -> StreamFraming? {
        let type = String(contentType.prefix { $0 != ";" }.filter { !$0.isWhitespace }).lowercased()
        switch type {
        case "text/event-stream": return .events
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonl",
             "application/jsonlines", "application/x-jsonlines", "application/json-seq":
            return .values
        default: return nil
        }
    }
}

/// Whether a request's answer may be read as a stream.
public enum StreamingAnswer: Sendable, Hashable {
    /// Never: the body is collected and parsed as one JSON document (every page after the first).
    case never
    /// When its content type is a streaming one (the first page).
    case byContentType
    /// Whatever its content type (`--live`: Kubernetes watches answer `application/json`).
    case always

    /// How a successful answer with this content type is read as a stream; nil: collect it.
    func framing(of contentType: String?, status: Int) -> StreamFraming? {
        guard status != 204 else { return nil }
        let found = contentType.flatMap(LiveContentType.framing(of:))
        switch self {
        case .never: return nil
        case .byContentType: return found
        case .always: return found ?? .values
        }
    }
}

/// The body of an answer read as a stream: handed on unread, with how it is framed.
struct StreamingBody: Sendable {
    let body: HTTPClientResponse.Body
    let framing: StreamFraming
}
