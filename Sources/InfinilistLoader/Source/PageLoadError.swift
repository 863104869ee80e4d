/// Why a page could not be loaded, as one line for the footer row plus a kind that code can act on
/// (a retry policy retries transient kinds; a 4xx that is not a rate limit is final).
public struct PageLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for code that decides what to do next (retry, give up, ask for a flag).
    public enum Kind: Sendable, Equatable {
        /// The server answered with a status outside 2xx.
        case httpStatus(Int)
        /// The body is not JSON (an HTML error page, truncated or invalid text).
        case notJSON
        /// The body is JSON but holds no list of items.
        case noItems
        /// The body is JSON that reports a failure despite a 2xx status (Slack's `"ok": false`).
        case apiError
        /// The body is larger than the byte cap; reading stopped there.
        case tooLarge(limit: Int)
        /// No complete answer within the time allowed.
        case timeout
        /// The connection could not be made or broke.
        case connection
        /// A redirect that is not followed (too many, bad location, unsupported scheme, downgrade).
        case redirect
        /// A URL that cannot be requested.
        case invalidURL
        /// The server's TLS certificate was refused (untrusted, expired, for another host name):
        /// asking again gets the same certificate, so it is not retried.
        case certificate
        /// A page that cannot be addressed (its key is unknown, or it is past the end).
        case unknownPage
        /// The proxy refused: it wants other credentials (407) or will not open the tunnel.
        case proxy
    }

    public let kind: Kind
    /// One line, no control characters, for the footer row and stderr.
    public let message: String
    /// The connection failed before any answer began (refused, reset or closed before the status
    /// line, a name that does not resolve, no connection within the limit): the server cannot
    /// have acted on the request, so even a POST may be sent again. Not part of `==`: it decides
    /// retrying, not what is shown.
    public var beforeAnswer = false
    /// `-v` lines of the exchange that failed (the request line), said before the failure as an
    /// answer's are said before its page. Not part of `==`.
    public var notes: [String] = []

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    public static func == (left: PageLoadError, right: PageLoadError) -> Bool {
        left.kind == right.kind && left.message == right.message
    }

    /// Whether the same request may succeed later (connection errors, timeouts, 408, 429, 5xx).
    public var isTransient: Bool {
        switch kind {
        case .timeout, .connection: return true
        case .httpStatus(let status): return [408, 429, 500, 502, 503, 504].contains(status)
        case .notJSON, .noItems, .apiError, .tooLarge, .redirect, .invalidURL, .certificate, .unknownPage, .proxy: return false
        }
    }
}
