/// The headers that decide how long infinilist waits (`Retry-After`, `X-RateLimit-*`,
/// `RateLimit`) on arbitrary text: never a crash, and never a negative, infinite or NaN wait.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRetryAfter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let now = 1_700_000_000.0
    if let seconds = RetryAfter.seconds(text, now: now) {
        check(seconds.isFinite && seconds >= 0, "bad Retry-After wait \(seconds)")
    }
    _ = HTTPDate.secondsSince1970(text)
    let names = ["X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Limit", "RateLimit", "RateLimit-Reset", "X-RateLimit-Reset-After"]
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let headers = lines.enumerated().map { HeaderField(name: names[$0.offset % names.count], value: String($0.element)) }
    if let limit = RateLimit(headers: headers, now: now) {
        for value in [limit.remaining, limit.limit, limit.resetIn].compactMap({ $0 }) {
            check(value.isFinite && value >= 0, "bad rate-limit number \(value)")
        }
    }
    return 0
}
