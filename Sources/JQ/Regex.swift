import Glibc
import InfinilistCore

/// Regular expressions on Swift's `Regex`, matching code point by code point as Oniguruma does
/// for jq. Flags: `g` (all matches), `i` (ignore case), `x` (extended: spaces and `#` comments
/// ignored), `s` (`.` matches newlines), `n` (drop empty matches); `l` and `p` are accepted
/// and ignored. What differs from jq 1.6: the syntax is Swift's (close to Perl/PCRE, as jq's
/// Perl-NT Oniguruma syntax is), so exotic Oniguruma constructs (`\h`, `(?~…)`, `\K` …) may
/// differ or fail; error messages are not Oniguruma's.
enum JQRegex {
    struct Options {
        var global = false
        var dropEmpty = false
    }

    /// Compiled regexes of this thread, by flags and pattern: `test("…")` over a million items
    /// compiles once. Per thread because `Regex<AnyRegexOutput>` is not `Sendable`.
    final class Cache {
        var entries: [String: (Regex<AnyRegexOutput>, Options)] = [:]

        private static let key: pthread_key_t = {
            var k = pthread_key_t()
            pthread_key_create(&k) { p in
                if let p { Unmanaged<Cache>.fromOpaque(p).release() }
            }
            return k
        }()

        static var current: Cache {
            if let p = pthread_getspecific(key) { return Unmanaged<Cache>.fromOpaque(p).takeUnretainedValue() }
            let cache = Cache()
            pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
            return cache
        }
    }

    static func compile(_ pattern: JSONValue, _ flags: JSONValue) throws -> (Regex<AnyRegexOutput>, Options) {
        let cache = Cache.current
        var cacheKey: String?
        if case .string(let p) = pattern {
            if case .string(let f) = flags { cacheKey = f + "\u{0}" + p } else if flags == .null { cacheKey = "\u{0}" + p }
        }
        if let cacheKey, let hit = cache.entries[cacheKey] { return hit }
        let compiled = try compileUncached(pattern, flags)
        if let cacheKey {
            if cache.entries.count >= 64 { cache.entries.removeAll() }
            cache.entries[cacheKey] = compiled
        }
        return compiled
    }

    private static func compileUncached(_ pattern: JSONValue, _ flags: JSONValue) throws -> (Regex<AnyRegexOutput>, Options) {
        guard case .string(var source) = pattern else {
            throw JQRuntimeError("\(pattern.typeAndValue) cannot be matched, as it is not a string")
        }
        var options = Options()
        var ignoreCase = false, dotAll = false
        if case .string(let f) = flags {
            for c in f {
                switch c {
                case "g": options.global = true
                case "i": ignoreCase = true
                case "x": source = "(?x)" + source
                case "s": dotAll = true
                case "n": options.dropEmpty = true
                case "l", "p": break
                default: throw JQRuntimeError("\(f) is not a valid modifier string")
                }
            }
        } else if flags != .null {
            throw JQRuntimeError("\(flags.typeAndValue) is not a string")
        }
        do {
            var regex = try Regex(source).matchingSemantics(.unicodeScalar)
            if ignoreCase { regex = regex.ignoresCase() }
            if dotAll { regex = regex.dotMatchesNewlines() }
            return (regex, options)
        } catch {
            throw JQRuntimeError("\(source) (at offset 0) is not a valid regex: \(error)")
        }
    }

    static func subject(_ v: JSONValue) throws -> String {
        guard case .string(let s) = v else { throw JQRuntimeError("\(v.typeAndValue) cannot be matched, as it is not a string") }
        return s
    }

    typealias Found = Regex<AnyRegexOutput>.Match

    static func matches(_ s: String, _ regex: Regex<AnyRegexOutput>, _ options: Options) -> [Found] {
        guard options.global else { return s.firstMatch(of: regex).map { [$0] } ?? [] }
        return s.matches(of: regex).filter { m in
            if m.range.isEmpty && (options.dropEmpty || (m.range.lowerBound == s.endIndex && !s.isEmpty)) { return false }
            return true
        }
    }

    static func offset(_ s: String, _ i: String.Index) -> Int {
        s.unicodeScalars.distance(from: s.unicodeScalars.startIndex, to: i)
    }

    /// jq's match object; an unmatched group has offset -1 and jq's other key order.
    static func matchObject(_ s: String, _ m: Found) -> JSONValue {
        func piece(_ range: Range<String.Index>) -> (JSONValue, JSONValue, JSONValue) {
            let start = offset(s, range.lowerBound)
            let length = s.unicodeScalars[range].count
            return (.int(start), .int(length), .string(String(s.unicodeScalars[range])))
        }
        var captures: [JSONValue] = []
        for i in 1..<max(1, m.output.count) {
            let group = m.output[i]
            let name: JSONValue = group.name.map { .string($0) } ?? .null
            if let range = group.range {
                let (o, l, str) = piece(range)
                captures.append(.object(["offset": o, "length": l, "string": str, "name": name]))
            } else {
                captures.append(.object(["offset": .int(-1), "string": .null, "length": .int(0), "name": name]))
            }
        }
        let (o, l, str) = piece(m.range)
        return .object(["offset": o, "length": l, "string": str, "captures": .array(captures)])
    }

    /// The named captures as `sub`'s replacement sees them.
    static func captureObject(_ m: Found) -> JSONValue {
        var object = JSONObject()
        for i in 1..<max(1, m.output.count) {
            let group = m.output[i]
            guard let name = group.name else { continue }
            object[name] = group.substring.map { .string(String($0)) } ?? .null
        }
        return .object(object)
    }
}

extension Builtins {
    static func regex(_ t: inout [String: Native]) {
        t["_match_impl/3"] = { args in
            let re = args[0], flags = args[1], testMode = args[2]
            return { input, env, emit in
                try re(input.plain, env) { r in
                    try flags(input.plain, env) { f in
                        try testMode(input.plain, env) { tm in
                            let s = try JQRegex.subject(input.value)
                            let (regex, options) = try JQRegex.compile(r.value, f.value)
                            if tm.value.isTruthy {
                                return try produce(.bool(s.firstMatch(of: regex) != nil), input, emit)
                            }
                            let found = JQRegex.matches(s, regex, options).map { JQRegex.matchObject(s, $0) }
                            try produce(.array(found), input, emit)
                        }
                    }
                }
            }
        }
        t["split/2"] = binary { v, r, f in
            let s = try JQRegex.subject(v)
            var (regex, options) = try JQRegex.compile(r, f)
            options.global = true
            var pieces: [JSONValue] = []
            var start = s.startIndex
            for m in JQRegex.matches(s, regex, options) {
                pieces.append(.string(String(s.unicodeScalars[start..<m.range.lowerBound])))
                start = m.range.upperBound
            }
            pieces.append(.string(String(s.unicodeScalars[start...])))
            return .array(pieces)
        }
        t["sub/2"] = { args in substitute(args, global: false) }
        t["sub/3"] = { args in substitute(args, global: false) }
        t["gsub/2"] = { args in substitute(args, global: true) }
        t["gsub/3"] = { args in substitute(args, global: true) }
    }

    /// `sub`/`gsub`: each match replaced by the replacement run on the named captures; a
    /// replacement with several outputs gives several results, first match outermost.
    static func substitute(_ args: [Code], global: Bool) -> Code {
        let re = args[0], replacement = args[1]
        let noFlags: Code = { _, _, emit in try emit(PV(.null)) }
        let flagsCode = args.count > 2 ? args[2] : noFlags
        return { input, env, emit in
            try re(input.plain, env) { r in
                try flagsCode(input.plain, env) { f in
                    let s = try JQRegex.subject(input.value)
                    var (regex, options) = try JQRegex.compile(r.value, f.value)
                    if global { options.global = true }
                    let found = JQRegex.matches(s, regex, options)
                    func step(_ i: Int, _ prefix: JSONValue, _ from: String.Index) throws {
                        if i == found.count {
                            return try produce(try Arithmetic.add(prefix, .string(String(s.unicodeScalars[from...]))), input, emit)
                        }
                        let m = found[i]
                        let before = try Arithmetic.add(prefix, .string(String(s.unicodeScalars[from..<m.range.lowerBound])))
                        try replacement(PV(JQRegex.captureObject(m)), env) { rv in
                            try step(i + 1, try Arithmetic.add(before, rv.value), m.range.upperBound)
                        }
                    }
                    try step(0, .string(""), s.startIndex)
                }
            }
        }
    }
}
