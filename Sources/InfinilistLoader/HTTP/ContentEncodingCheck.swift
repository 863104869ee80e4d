/// infinilist asks for bodies as they are (`Accept-Encoding: identity`) and does not decompress.
/// A server that compresses anyway sends bytes that would read as "not JSON: \x1F\u{FFFD}…";
/// this names the encoding instead.
enum ContentEncodingCheck {
    /// The error for a body with a `Content-Encoding` other than identity; nil otherwise.
    static func problem(in body: HTTPBody, label: String) -> PageLoadError? {
        guard let encoding = encoding(of: body) else { return nil }
        let shown = OneLine.clean(encoding, maxCharacters: 40)
        return PageLoadError(
            .notJSON,
            "\(label): the server compressed the answer with \(shown) (Content-Encoding: \(shown)) although infinilist did not ask for it"
        )
    }

    /// The encodings applied, as the header says (`gzip`, `br`, `gzip, br`); nil for none or identity.
    static func encoding(of body: HTTPBody) -> String? {
        let values = body.headers.filter { $0.name.lowercased() == "content-encoding" }
            .flatMap { $0.value.split(separator: ",") }
            .map { PagingText.trimmed(String($0)) }
            .filter { !$0.isEmpty && $0.lowercased() != "identity" }
        return values.isEmpty || body.bytes.isEmpty ? nil : values.joined(separator: ", ")
    }
}
