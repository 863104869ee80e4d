/// The loader is holding a page request back on purpose: a rate limit asked it to wait, a
/// transient failure is being retried after a backoff, or it is pacing requests because the API's
/// remaining quota is low. The footer row shows it as a countdown instead of a spinner that seems
/// stuck, so the user knows the program is waiting, for what, and for how long.
///
/// The core has no clock: the loader sends a new `PageWait` each second with the time left,
/// and the footer simply shows the latest one.
public struct PageWait: Sendable, Equatable {
    /// The request that is waiting; a wait for any other request is ignored.
    public let request: PageRequest
    /// Seconds until the request is sent again, as shown (`0.4`, `42`; rounded up, so never 0
    /// while waiting).
    public let seconds: WaitSeconds
    /// Why, in one line: `rate limited by api.github.com`, `HTTP 503 from example.com (retry 2 of 3)`.
    public let reason: String
    /// True when the request already failed and will be sent again (`retrying in 42 s`); false
    /// when it has not been sent yet because requests are being paced (`next request in 3 s`).
    public let isRetry: Bool
    /// Not a countdown: a pipe is open and has sent nothing more yet, so the page waits until it
    /// does (`seconds` means nothing then).
    public let waitsForInput: Bool
    /// Set when the request reads a live list: a reconnect countdown, or a stream with nothing
    /// new yet (`waitsForInput`).
    public var live: LiveStatus? = nil
    /// Not a wait: the input is being read past one value too long to keep; `reason` says from
    /// where and how far (`--max-skip`).
    public var skips = false
    /// Not a wait: the loader is counting a file's lines to pass over pages (decision 145);
    /// `reason` says how far it has read.
    public var passes = false
    /// The input is a named pipe nothing was written to yet (`waitsForInput` too): `--dump`, quiet
    /// while a pipe is, says this one, so a user whose writer never starts knows why.
    public var waitsForWriter = false

    public init(request: PageRequest, seconds: WaitSeconds, reason: String, isRetry: Bool = true, waitsForInput: Bool = false) {
        self.request = request
        self.seconds = seconds
        self.reason = reason
        self.isRetry = isRetry
        self.waitsForInput = waitsForInput
    }
}
