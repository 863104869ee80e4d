import InfinilistCore

/// Strings: `startswith endswith ltrimstr rtrimstr explode implode split ascii_downcase
/// ascii_upcase`. Prefixes compare bytes, as jq does. (jq 1.6 writes the case functions with
/// `explode`, hence their message.)
extension Builtins {
    static func strings(_ t: inout [String: Native]) {
        t["startswith/1"] = unary { v, p in
            guard case .string(let s) = v, case .string(let x) = p else { throw JQRuntimeError("startswith() requires string inputs") }
            return .bool(s.utf8.starts(with: x.utf8))
        }
        t["endswith/1"] = unary { v, p in
            guard case .string(let s) = v, case .string(let x) = p else { throw JQRuntimeError("endswith() requires string inputs") }
            return .bool(s.utf8.reversed().starts(with: x.utf8.reversed()))
        }
        // jq 1.7.1's whitespace: space, tab, line feed, vertical tab, form feed, carriage return.
        let isSpace: @Sendable (Unicode.Scalar) -> Bool = { [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"].contains($0) }
        t["ltrim/0"] = simple { v in
            guard case .string(let s) = v else { throw JQRuntimeError("\(v.typeAndValue) cannot be trimmed") }
            return .string(String(s.unicodeScalars.drop(while: isSpace)))
        }
        t["rtrim/0"] = simple { v in
            guard case .string(let s) = v else { throw JQRuntimeError("\(v.typeAndValue) cannot be trimmed") }
            var scalars = s.unicodeScalars[...]
            while let last = scalars.last, isSpace(last) { scalars = scalars.dropLast() }
            return .string(String(String.UnicodeScalarView(scalars)))
        }
        t["ltrimstr/1"] = unary { v, p in
            guard case .string(let s) = v, case .string(let x) = p, s.utf8.starts(with: x.utf8) else { return v }
            return .string(String(decoding: Array(s.utf8.dropFirst(x.utf8.count)), as: UTF8.self))
        }
        t["rtrimstr/1"] = unary { v, p in
            guard case .string(let s) = v, case .string(let x) = p, s.utf8.reversed().starts(with: x.utf8.reversed()) else { return v }
            return .string(String(decoding: Array(s.utf8.dropLast(x.utf8.count)), as: UTF8.self))
        }
        t["explode/0"] = simple { v in
            guard case .string(let s) = v else { throw JQRuntimeError("explode input must be a string") }
            return .array(s.unicodeScalars.map { .int(Int($0.value)) })
        }
        t["implode/0"] = simple { v in
            guard case .array(let a) = v else { throw JQRuntimeError("implode input must be an array") }
            var out = String.UnicodeScalarView()
            // jq 1.7: fractions truncate; a code point outside Unicode or a surrogate is U+FFFD.
            for item in a {
                guard case .number = item, let d = item.doubleValue, !d.isNaN else {
                    throw JQRuntimeError("\(item.typeAndValue) can't be imploded, unicode codepoint needs to be numeric")
                }
                let point = d.rounded(.towardZero)
                let scalar = point >= 0 && point < 0x110000 ? Unicode.Scalar(UInt32(point)) : nil
                out.append(scalar ?? "\u{FFFD}")
            }
            return .string(String(out))
        }
        t["split/1"] = unary { v, sep in
            guard case .string(let s) = v, case .string(let x) = sep else {
                throw JQRuntimeError("split input and separator must be strings")
            }
            return .array(Strings.split(s, by: x).map { .string($0) })
        }
        t["ascii_downcase/0"] = simple { v in
            guard case .string(let s) = v else { throw JQRuntimeError("explode input must be a string") }
            return .string(String(decoding: s.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self))
        }
        t["ascii_upcase/0"] = simple { v in
            guard case .string(let s) = v else { throw JQRuntimeError("explode input must be a string") }
            return .string(String(decoding: s.utf8.map { (97...122).contains($0) ? $0 - 32 : $0 }, as: UTF8.self))
        }
    }
}
