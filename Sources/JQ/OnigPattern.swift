import COniguruma
import Glibc
import InfinilistCore

/// A regular expression compiled by Oniguruma as jq 1.7.1 compiles it (`f_match` in jq's
/// builtin.c): UTF-8, the Perl_NG syntax, capture groups on, the same flags. Using jq's own
/// library makes `test`, `match`, `sub`… agree with jq on syntax and offsets, and bounds
/// backtracking (decision 147): Swift's `Regex` could not be stopped, so `test("^(a+)+$")` on a
/// long run of `a`s froze the screen and made a dump deaf to Ctrl-C.
final class OnigPattern {
    /// How many times one search may backtrack before it fails with "retry-limit-in-search
    /// over": 10,000,000 (Oniguruma's own limit for one match attempt) is about a second at
    /// most, far beyond what a sound pattern needs.
    static let retryLimit: UInt = 10_000_000
    /// The limit the searches are set to now (`Fuel.regexRetries`, or `retryLimit`).
    private var limit: UInt = OnigPattern.retryLimit

    private let regex: OnigRegex
    private let param: OpaquePointer
    private let region: UnsafeMutablePointer<OnigRegion>
    /// `g`: every match, not only the first.
    let global: Bool
    /// The group names by group number (from 1), as jq puts them on the captures.
    let names: [Int: String]

    /// A match: the byte ranges of the whole match and of each group (nil: not taken part).
    struct Match {
        let range: Range<Int>
        let groups: [Range<Int>?]
    }

    /// Compiles `pattern` with jq's `flags` (`g i x m s p l n`); throws jq's messages.
    init(_ pattern: String, flags: String?) throws(JQRuntimeError) {
        _ = Self.initialized
        var options = infinilist_onig_capture_group
        var global = false
        for flag in flags ?? "" {
            switch flag {
            case "g": global = true
            case "i": options |= infinilist_onig_ignorecase
            case "x": options |= infinilist_onig_extend
            case "m": options |= infinilist_onig_multiline
            case "s": options |= infinilist_onig_singleline
            case "p": options |= infinilist_onig_multiline | infinilist_onig_singleline
            case "l": options |= infinilist_onig_find_longest
            case "n": options |= infinilist_onig_find_not_empty
            default: throw JQRuntimeError("\(flags ?? "") is not a valid modifier string")
            }
        }
        var compiled: OnigRegex?
        var info = OnigErrorInfo()
        let status = pattern.utf8CString.withUnsafeBufferPointer { text -> Int32 in
            text.withMemoryRebound(to: OnigUChar.self) { bytes in
                guard let start = bytes.baseAddress else { return ONIGERR_MEMORY }
                return onig_new(&compiled, start, start + bytes.count - 1, options, infinilist_onig_utf8(), infinilist_onig_perl_ng(), &info)
            }
        }
        guard status == ONIG_NORMAL, let compiled else { throw Self.failure(status, &info) }
        guard let param = onig_new_match_param(), let region = onig_region_new() else {
            onig_free(compiled)
            throw JQRuntimeError("Regex failure: out of memory")
        }
        onig_initialize_match_param(param)
        onig_set_retry_limit_in_match_of_match_param(param, Self.retryLimit)
        onig_set_retry_limit_in_search_of_match_param(param, Self.retryLimit)
        regex = compiled
        self.param = param
        self.region = region
        self.global = global
        names = Self.groupNames(compiled)
    }

    deinit {
        onig_region_free(region, 1)
        onig_free_match_param(param)
        onig_free(regex)
    }

    /// The matches in `bytes` as jq walks them: after a match, the next search starts at its
    /// end, or one character further after an empty match; only the first unless `global`
    /// (or `all`). `firstOnly`: stop at the first (`test`).
    func matches(in bytes: UnsafeBufferPointer<UInt8>, all: Bool = false, firstOnly: Bool = false) throws(JQRuntimeError) -> [Match] {
        let wanted = Fuel.regexRetries ?? Self.retryLimit
        if wanted != limit {
            limit = wanted
            onig_set_retry_limit_in_match_of_match_param(param, wanted)
            onig_set_retry_limit_in_search_of_match_param(param, wanted)
        }
        // An empty string may have no address; Oniguruma needs one (it reads nothing there).
        var none: UInt8 = 0
        return try withUnsafePointer(to: &none) { fallback throws(JQRuntimeError) in
            let base = bytes.baseAddress ?? fallback
            let end = base + bytes.count
            var found: [Match] = []
            var start = 0
            repeat {
                let status = onig_search_with_param(regex, base, end, base + start, end, region, infinilist_onig_none, param)
                if status == ONIG_MISMATCH { break }
                guard status >= 0 else {
                    var info = OnigErrorInfo()
                    throw Self.failure(status, &info, limit: limit)
                }
                let match = current()
                found.append(match)
                if firstOnly { break }
                start = match.range.isEmpty ? match.range.upperBound + Self.characterLength(bytes, at: match.range.upperBound) : match.range.upperBound
            } while (global || all) && start <= bytes.count
            return found
        }
    }

    private func current() -> Match {
        let count = Int(region.pointee.num_regs)
        func range(_ group: Int) -> Range<Int>? {
            guard let begins = region.pointee.beg, let ends = region.pointee.end, begins[group] >= 0 else { return nil }
            return Int(begins[group])..<Int(ends[group])
        }
        return Match(range: range(0) ?? 0..<0, groups: (1..<max(1, count)).map(range))
    }

    private static let initialized: Bool = {
        var encodings: [OnigEncoding?] = [infinilist_onig_utf8()]
        return onig_initialize(&encodings, 1) == ONIG_NORMAL
    }()

    private static func characterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index < bytes.count else { return 1 }
        switch bytes[index] {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    private static func failure(_ status: Int32, _ info: inout OnigErrorInfo, limit: UInt = retryLimit) -> JQRuntimeError {
        var text = [OnigUChar](repeating: 0, count: Int(ONIG_MAX_ERROR_MESSAGE_LEN) + 1)
        let length = text.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { Int(infinilist_onig_error_text($0, status, &info)) } ?? 0
        }
        var message = "Regex failure: " + String(decoding: text.prefix(max(0, length)), as: UTF8.self)
        guard status == ONIGERR_RETRY_LIMIT_IN_SEARCH_OVER || status == ONIGERR_RETRY_LIMIT_IN_MATCH_OVER else {
            return JQRuntimeError(message)
        }
        message += " (the regular expression backtracked more than \(Counted.text(Int(limit), "time", grouped: true)) on this item)"
        return JQRuntimeError(message, exhausted: true)
    }

    /// Group numbers and their names (`(?<name>…)`), by `onig_foreach_name`.
    private static func groupNames(_ regex: OnigRegex) -> [Int: String] {
        final class Names { var byGroup: [Int: String] = [:] }
        let names = Names()
        _ = onig_foreach_name(regex, { name, nameEnd, count, groups, _, context in
            guard let name, let nameEnd, let groups, let context else { return 0 }
            let text = String(decoding: UnsafeBufferPointer(start: name, count: nameEnd - name), as: UTF8.self)
            let names = Unmanaged<Names>.fromOpaque(context).takeUnretainedValue()
            for index in 0..<Int(count) { names.byGroup[Int(groups[index])] = text }
            return 0
        }, Unmanaged.passUnretained(names).toOpaque())
        return names.byGroup
    }
}
