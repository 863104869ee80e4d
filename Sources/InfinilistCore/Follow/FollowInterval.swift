/// How often a live list is polled (`--follow 30s`): written `30s`, `2m`, `1h`, `1.5s` or a plain
/// number of seconds. At least one second: a typo such as `--follow 0.01` must not become a
/// hundred requests a second against someone's API.
public enum FollowInterval {
    /// The shortest interval accepted, in seconds.
    public static let minimum: Double = 1
    /// The longest interval accepted, in seconds: a day, as `--timeout`. Longer ones are no
    /// use to a live list, and larger numbers once trapped converting to whole seconds.
    public static let maximum: Double = 86_400
    /// What `F` starts with when `--follow` was not given.
    public static let standard: Double = 30

    public enum Problem: Error, Equatable {
        /// Not a number with an optional unit.
        case unreadable
        /// Shorter than `minimum` (the seconds it would be).
        case tooShort(Double)
        /// Longer than `maximum`.
        case tooLong
    }

    /// The interval in seconds.
    public static func parse(_ text: String) -> Result<Double, Problem> {
        var digits = Substring(text.filter { $0 != " " })
        var unit: Double = 1
        if let last = digits.last, last.isLetter {
            switch last {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            default: return .failure(.unreadable)
            }
            digits = digits.dropLast()
        }
        // Plain decimal digits only: no sign, exponent, "inf" or "nan".
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              digits.filter({ $0 == "." }).count <= 1, digits != ".", let value = Double(digits) else {
            return .failure(.unreadable)
        }
        let seconds = value * unit
        guard seconds.isFinite else { return .failure(.unreadable) }
        guard seconds >= minimum else { return .failure(.tooShort(seconds)) }
        guard seconds <= maximum else { return .failure(.tooLong) }
        return .success(seconds)
    }

    /// The interval as the status line says it: `30s`, `2m`, `1m30s`, `1h`, `1.5s`.
    public static func text(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds, 0), maximum).rounded())
        guard Double(whole) == seconds else {
            let tenths = (seconds * 10).rounded() / 10
            return "\(tenths)s"
        }
        var parts = ""
        if whole >= 3600 { parts += "\(whole / 3600)h" }
        if whole % 3600 >= 60 { parts += "\(whole % 3600 / 60)m" }
        if whole % 60 > 0 || whole == 0 { parts += "\(whole % 60)s" }
        return parts
    }
}
