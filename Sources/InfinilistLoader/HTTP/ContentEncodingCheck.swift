/// infinilist asks for `Accept-Encoding: gzip, deflate`, and the HTTP client decompresses those
/// while the body streams in (`HTTPFetcher`). A server that uses another encoding anyway (`br`,
/// `zstd`) sends bytes that would read as "not JSON: \x1F\u{FFFD}…"; this names the encoding
/// instead. The client decodes as swift-nio-extras's decompressor does: only when the first value
/// of `Content-Encoding` is `gzip` or `deflate` (any case); every other value stays on the bytes.
enum ContentEncodingCheck {
    /// The encodings decompressed, as asked for in `Accept-Encoding`, and `x-gzip`, which
    /// RFC 9110 (8.4.1.3) says to read as gzip (curl does).
    static let decoded: Set<String> = ["gzip", "x-gzip", "deflate"]
    /// The request header that asks for them.
    static let acceptEncoding = "gzip, deflate"

    /// The error for a body still in an encoding infinilist cannot read; nil otherwise.
    static func problem(in body: HTTPBody, label: String) -> PageLoadError? {
        guard let encoding = encoding(of: body) else { return nil }
        let shown = OneLine.clean(encoding, maxCharacters: 40)
        if decompressed(in: body.headers) != nil {
            // `gzip, gzip`, `gzip, br`: one encoding is undone, the one after it is not.
            let header = OneLine.clean(values(in: body.headers).joined(separator: ", "), maxCharacters: 60)
            return PageLoadError(
                .notJSON,
                "\(label): the server compressed the answer more than once (Content-Encoding: \(header)); infinilist decompresses one gzip or deflate layer, and \(shown) is left"
            )
        }
        return PageLoadError(
            .notJSON,
            "\(label): the server compressed the answer with \(shown) (Content-Encoding: \(shown)), which infinilist cannot decompress; it asks for gzip or deflate"
        )
    }

    /// The encodings still on the body's bytes once the client has decompressed what it could
    /// (`br`, `gzip, br`); nil for none, for identity, or for an empty body.
    static func encoding(of body: HTTPBody) -> String? {
        let left = remaining(in: body.headers)
        return left.isEmpty || body.bytes.isEmpty ? nil : left.joined(separator: ", ")
    }

    /// The encoding the client decompresses for these headers (`gzip`, `deflate`); nil for none.
    static func decompressed(in headers: [HeaderField]) -> String? {
        guard let first = values(in: headers).first?.lowercased(), decoded.contains(first) else { return nil }
        return first
    }

    /// How a streaming answer's bytes are encoded (the client hands a stream on as it arrives,
    /// undecoded): plain, one layer of gzip or deflate to inflate as it comes, or encodings
    /// infinilist cannot read (named as sent). A server that compresses a stream although it was
    /// asked for `identity` is read all the same (hostile pass, session 19: such a stream once
    /// read as NUL bytes, or as nothing at all).
    enum StreamCoding: Equatable {
        case plain
        case inflate(String)
        case unreadable(String)
    }

    static func streamCoding(in headers: [HeaderField]) -> StreamCoding {
        let codings = values(in: headers).filter { !$0.isEmpty && $0.lowercased() != "identity" }
        guard let first = codings.first else { return .plain }
        if codings.count == 1, decoded.contains(first.lowercased()) { return .inflate(first.lowercased()) }
        return .unreadable(OneLine.clean(codings.joined(separator: ", "), maxCharacters: 60))
    }

    /// The values of `Content-Encoding`, in order, trimmed.
    private static func values(in headers: [HeaderField]) -> [String] {
        headers.filter { $0.name.lowercased() == "content-encoding" }
            .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
            .map { PagingText.trimmed(String($0)) }
    }

    /// The values left after the client's decompression, without identity and empty ones.
    private static func remaining(in headers: [HeaderField]) -> [String] {
        let all = values(in: headers)
        let left = decompressed(in: headers) == nil ? all : Array(all.dropFirst())
        return left.filter { !$0.isEmpty && $0.lowercased() != "identity" }
    }
}
