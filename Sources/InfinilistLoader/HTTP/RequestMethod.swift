/// The method of every page's request (`-X`), and what it says about retrying.
enum RequestMethod {
    /// `method` as given, if it is an HTTP method: a token (RFC 9110), sent exactly as typed, since
    /// methods are case-sensitive (`post` is not `POST` to a server). CONNECT opens a tunnel and
    /// fetches nothing, so it is refused.
    static func checked(_ method: String) throws(SourceOptionError) -> String {
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !method.isEmpty, method.count <= 32, method.allSatisfy({ tokenCharacters.contains($0) }) else {
            throw SourceOptionError(
                "-X \(PagingText.quoted(method, max: 40)) is not an HTTP method: a method is one word of letters, digits and !#$%&'*+-.^_`|~, such as POST"
            )
        }
        guard method != "CONNECT" else { throw SourceOptionError("-X CONNECT opens a tunnel and fetches nothing; use GET or POST") }
        return method
    }

    /// Whether a request with this method may be sent again after it may have reached the server:
    /// RFC 9110's idempotent methods. Others (POST, PATCH, any other) are retried only where the
    /// server cannot have acted on them (`RetryPolicy.step`).
    static func isIdempotent(_ method: String) -> Bool {
        ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(method)
    }
}
