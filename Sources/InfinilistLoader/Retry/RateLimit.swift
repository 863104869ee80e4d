/// What a response says about the API's request quota, read from the headers the common APIs send:
/// `X-RateLimit-Limit/Remaining/Reset` (GitHub, Reddit, many others), `RateLimit-*` (GitLab, the
/// IETF draft), `X-Rate-Limit-*` (X/Twitter), `X-RateLimit-Reset-After` (Discord) and the IETF
/// structured `RateLimit: limit=100, remaining=0, reset=30` (or `r=0;t=30`).
///
/// The reset value means different things per API: GitHub, GitLab and X send a Unix time, Reddit
/// and the IETF draft the seconds left. A value below 10⁹ (2001-09-09 as a Unix time) cannot be a
/// current Unix time, so it is read as seconds to wait; a larger one as a Unix time (in
/// milliseconds above 10¹²). Either way `resetIn` is seconds from now.
struct RateLimit: Sendable, Equatable {
    var limit: Double?
    var remaining: Double?
    /// Seconds from now until the quota is refilled.
    var resetIn: Double?

    /// The quota is used up (`remaining` is 0; Reddit sends `0.0`).
    var isExhausted: Bool { remaining.map { $0 < 1 } ?? false }

    init(limit: Double? = nil, remaining: Double? = nil, resetIn: Double? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.resetIn = resetIn
    }

    /// Nil when the response has no rate-limit header at all.
    init?(headers: [HeaderField], now: Double) {
        for header in headers {
            let name = header.name.lowercased()
            let value = header.value.trimmingASCIISpaces()
            if name == "ratelimit" {
                readStructured(value, now: now)
                continue
            }
            guard let field = Self.field(of: name) else { continue }
            switch field {
            case "limit": limit = limit ?? Self.number(value)
            case "remaining": remaining = remaining ?? Self.number(value)
            case "reset": resetIn = resetIn ?? Self.number(value).map { Self.secondsUntil(reset: $0, now: now) }
            case "reset-after": resetIn = Self.number(value).map { max(0, $0) } ?? resetIn
            default: break
            }
        }
        if limit == nil && remaining == nil && resetIn == nil { return nil }
    }

    /// `remaining` for `x-ratelimit-remaining`, `ratelimit-remaining`, `x-rate-limit-remaining`.
    private static func field(of name: String) -> String? {
        for prefix in ["x-ratelimit-", "x-rate-limit-", "ratelimit-"] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return nil
    }

    /// `limit=100, remaining=0, reset=30` or `"default";r=0;t=30`.
    private mutating func readStructured(_ value: String, now: Double) {
        for part in value.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingASCIISpaces() }
            guard pair.count == 2, let number = Self.number(pair[1]) else { continue }
            switch pair[0].lowercased() {
            case "limit", "q": limit = limit ?? number
            case "remaining", "r": remaining = remaining ?? number
            case "reset", "t": resetIn = resetIn ?? Self.secondsUntil(reset: number, now: now)
            default: break
            }
        }
    }

    /// The largest number believed from a server (2^53, where doubles stop counting whole
    /// numbers): larger ones are clamped to it, so that no later conversion to `Int` can trap
    /// (`X-RateLimit-Remaining: 10000000000000000000` once crashed the pacer).
    static let largestNumber = 9_007_199_254_740_992.0

    /// A finite, non-negative decimal (`60`, `599.0`, `1700000000.123`), at most `largestNumber`.
    private static func number(_ text: String) -> Double? {
        RetryAfter.decimalSeconds(text).map { min($0, largestNumber) }
    }

    static func secondsUntil(reset value: Double, now: Double) -> Double {
        if value < 1e9 { return value }
        let epochSeconds = value >= 1e12 ? value / 1000 : value
        return max(0, epochSeconds - now)
    }
}
