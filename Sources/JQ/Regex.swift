import Glibc
import InfinilistCore

/// jq's regular expressions (`test`, `match`, `capture`, `scan`, `split/2`, `sub`, `gsub`) on
/// Oniguruma, as jq 1.7.1 runs them (`OnigPattern`): the same syntax, flags, offsets in code
/// points, and match objects, key order included.
enum JQRegex {
    /// Compiled patterns of this thread, by flags and pattern: `test("…")` over a million items
    /// compiles once. Per thread, as an Oniguruma search writes into the pattern's region.
    final class Cache {
        var entries: [String: OnigPattern] = [:]

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

    static func compile(_ pattern: JSONValue, _ flags: JSONValue) throws -> OnigPattern {
        guard case .string(let source) = pattern else {
            throw JQRuntimeError("\(pattern.typeAndValue) cannot be matched, as it is not a string")
        }
        let modifiers: String?
        switch flags {
        case .string(let text): modifiers = text
        case .null: modifiers = nil
        default: throw JQRuntimeError("\(flags.typeAndValue) is not a string")
        }
        let cache = Cache.current
        let key = (modifiers ?? "\u{1}") + "\u{0}" + source
        if let hit = cache.entries[key] { return hit }
        let compiled = try OnigPattern(source, flags: modifiers)
        if cache.entries.count >= 64 { cache.entries.removeAll() }
        cache.entries[key] = compiled
        return compiled
    }

    static func subject(_ v: JSONValue) throws -> String {
        guard case .string(let s) = v else { throw JQRuntimeError("\(v.typeAndValue) cannot be matched, as it is not a string") }
        return s
    }

    /// The matches of `pattern` in `text`, with its bytes (to cut pieces by the byte ranges).
    static func matches(_ text: String, _ pattern: OnigPattern, all: Bool = false) throws -> (bytes: [UInt8], found: [OnigPattern.Match]) {
        let bytes = Array(text.utf8)
        let found = try bytes.withUnsafeBufferPointer { try pattern.matches(in: $0, all: all) }
        return (bytes, found)
    }

    static func test(_ text: String, _ pattern: OnigPattern) throws -> Bool {
        var text = text
        return try !text.withUTF8 { try pattern.matches(in: $0, firstOnly: true) }.isEmpty
    }

    /// The text of bytes `range`.
    static func piece(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Code points before byte `offset` (jq's offsets and lengths count code points).
    static func codePoints(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes[range].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// jq 1.7.1's match object: offset, length, string, captures; an empty match gives every
    /// group its offset and "" (as jq does), a group that took no part offset -1 and null.
    static func matchObject(_ bytes: [UInt8], _ match: OnigPattern.Match, names: [Int: String]) -> JSONValue {
        let offset = JSONValue.int(codePoints(bytes, 0..<match.range.lowerBound))
        var captures: [JSONValue] = []
        for (index, group) in match.groups.enumerated() {
            let name = names[index + 1].map(JSONValue.string) ?? .null
            if match.range.isEmpty {
                captures.append(.object(["offset": offset, "string": .string(""), "length": .int(0), "name": name]))
            } else if let group, !group.isEmpty {
                captures.append(.object(["offset": .int(codePoints(bytes, 0..<group.lowerBound)), "length": .int(codePoints(bytes, group)),
                                         "string": .string(piece(bytes, group)), "name": name]))
            } else if let group {
                captures.append(.object(["offset": .int(codePoints(bytes, 0..<group.lowerBound)), "string": .string(""), "length": .int(0), "name": name]))
            } else {
                captures.append(.object(["offset": .int(-1), "string": .null, "length": .int(0), "name": name]))
            }
        }
        return .object(["offset": offset, "length": .int(codePoints(bytes, match.range)), "string": .string(piece(bytes, match.range)),
                        "captures": .array(captures)])
    }

    /// The named captures as `sub`'s replacement sees them (jq: `.captures[] | select(.name !=
    /// null) | {(.name): .string}`, added up).
    static func captureObject(_ bytes: [UInt8], _ match: OnigPattern.Match, names: [Int: String]) -> JSONValue {
        var object = JSONObject()
        for (index, group) in match.groups.enumerated() {
            guard let name = names[index + 1] else { continue }
            if match.range.isEmpty {
                object[name] = .string("")
            } else {
                object[name] = group.map { .string(piece(bytes, $0)) } ?? .null
            }
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
                            let pattern = try JQRegex.compile(r.value, f.value)
                            if tm.value.isTruthy {
                                return try produce(.bool(try JQRegex.test(s, pattern)), input, emit)
                            }
                            let (bytes, found) = try JQRegex.matches(s, pattern)
                            try produce(.array(found.map { JQRegex.matchObject(bytes, $0, names: pattern.names) }), input, emit)
                        }
                    }
                }
            }
        }
        t["split/2"] = binary { v, r, f in
            let s = try JQRegex.subject(v)
            let (bytes, found) = try JQRegex.matches(s, try JQRegex.compile(r, f), all: true)
            var pieces: [JSONValue] = []
            var start = 0
            for match in found {
                pieces.append(.string(JQRegex.piece(bytes, start..<match.range.lowerBound)))
                start = match.range.upperBound
            }
            pieces.append(.string(JQRegex.piece(bytes, start..<bytes.count)))
            return .array(pieces)
        }
        t["sub/2"] = { args in substitute(args, global: false) }
        t["sub/3"] = { args in substitute(args, global: false) }
        t["gsub/2"] = { args in substitute(args, global: true) }
        t["gsub/3"] = { args in substitute(args, global: true) }
    }

    /// `sub`/`gsub` as jq 1.7.1 defines them: each match is replaced by the outputs of the
    /// replacement run on its named captures; output N is made of every match's output N (a
    /// replacement with two outputs gives two strings, not one per combination); no match gives
    /// the input.
    static func substitute(_ args: [Code], global: Bool) -> Code {
        let re = args[0], replacement = args[1]
        let noFlags: Code = { _, _, emit in try emit(PV(.null)) }
        let flagsCode = args.count > 2 ? args[2] : noFlags
        return { input, env, emit in
            try re(input.plain, env) { r in
                try flagsCode(input.plain, env) { f in
                    let s = try JQRegex.subject(input.value)
                    let pattern = try JQRegex.compile(r.value, f.value)
                    let (bytes, found) = try JQRegex.matches(s, pattern, all: global)
                    var results: [JSONValue] = []
                    var previous = 0
                    for match in found {
                        let gap = JSONValue.string(JQRegex.piece(bytes, previous..<match.range.lowerBound))
                        var index = 0
                        try replacement(PV(JQRegex.captureObject(bytes, match, names: pattern.names)), env) { insert in
                            let addition = try Arithmetic.add(gap, insert.value)
                            if index < results.count {
                                results[index] = try Arithmetic.add(results[index], addition)
                            } else {
                                results.append(addition)
                            }
                            index += 1
                        }
                        previous = match.range.upperBound
                    }
                    guard !results.isEmpty else { return try produce(input.value, input, emit) }
                    let rest = JSONValue.string(JQRegex.piece(bytes, previous..<bytes.count))
                    for result in results {
                        try produce(try Arithmetic.add(result, rest), input, emit)
                    }
                }
            }
        }
    }
}
