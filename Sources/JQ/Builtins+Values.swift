import Glibc
import InfinilistCore

/// Types, numbers and math, JSON text: `type length utf8bytelength tostring tonumber tojson
/// fromjson infinite nan isinfinite isnan isnormal floor ceil round sqrt pow log …`.
extension Builtins {
    static func number(_ v: JSONValue) throws -> Double {
        guard let d = v.doubleValue else { throw JQRuntimeError("\(v.typeAndValue) number required") }
        return d
    }

    static func values(_ t: inout [String: Native]) {
        t["type/0"] = simple { .string($0.jqTypeName) }
        t["length/0"] = simple { v in
            switch v {
            case .null: return .int(0)
            case .bool: throw JQRuntimeError("\(v.typeAndValue) has no length")
            case .number(let n): return .double(abs(NumberText.double(n)))
            case .string(let s): return .int(s.unicodeScalars.count)
            case .array(let a): return .int(a.count)
            case .object(let o): return .int(o.count)
            }
        }
        t["utf8bytelength/0"] = simple { v in
            guard case .string(let s) = v else { throw JQRuntimeError("\(v.typeAndValue) only strings have UTF-8 byte length") }
            return .int(s.utf8.count)
        }
        t["tostring/0"] = simple { .string(Formats.text($0)) }
        t["tojson/0"] = simple { .string(JQOutput.compact($0)) }
        t["fromjson/0"] = simple { v in
            guard case .string(let s) = v else { throw JQRuntimeError("\(v.typeAndValue) only strings can be parsed") }
            return try parseJSON(s)
        }
        t["tonumber/0"] = simple { v in
            switch v {
            case .number: return v
            case .string(let s):
                let parsed = try? parseJSON(s)
                if case .number? = parsed, let parsed { return parsed }
                throw JQRuntimeError("Cannot parse '\(s)' as a number")
            default: throw JQRuntimeError("\(v.typeAndValue) cannot be parsed as a number")
            }
        }
        t["infinite/0"] = simple { _ in .double(.infinity) }
        t["nan/0"] = simple { _ in .double(.nan) }
        // jq 1.6 answers false for anything that is not a number.
        t["isinfinite/0"] = simple { .bool($0.doubleValue?.isInfinite ?? false) }
        t["isnan/0"] = simple { .bool($0.doubleValue?.isNaN ?? false) }
        t["isnormal/0"] = simple { .bool($0.doubleValue?.isNormal ?? false) }
        let math: [(String, @Sendable (Double) -> Double)] = [
            ("floor", { $0.rounded(.down) }), ("ceil", { $0.rounded(.up) }),
            ("round", { $0.rounded(.toNearestOrAwayFromZero) }), ("sqrt", { $0.squareRoot() }),
            ("fabs", { abs($0) }), ("trunc", { $0.rounded(.towardZero) }),
            ("exp", { Glibc.exp($0) }), ("exp2", { Glibc.exp2($0) }), ("exp10", { Glibc.pow(10, $0) }),
            ("log", { Glibc.log($0) }), ("log2", { Glibc.log2($0) }), ("log10", { Glibc.log10($0) }),
            ("sin", { Glibc.sin($0) }), ("cos", { Glibc.cos($0) }), ("tan", { Glibc.tan($0) }),
            ("asin", { Glibc.asin($0) }), ("acos", { Glibc.acos($0) }), ("atan", { Glibc.atan($0) }),
            ("cbrt", { Glibc.cbrt($0) }), ("significand", { Glibc.significand($0) }),
        ]
        for (name, f) in math {
            t["\(name)/0"] = simple { .double(f(try number($0))) }
        }
        t["pow/2"] = binary { _, a, b in .double(Glibc.pow(try number(a), try number(b))) }
        t["atan2/2"] = binary { _, a, b in .double(Glibc.atan2(try number(a), try number(b))) }
        t["fmin/2"] = binary { _, a, b in .double(Glibc.fmin(try number(a), try number(b))) }
        t["fmax/2"] = binary { _, a, b in .double(Glibc.fmax(try number(a), try number(b))) }
    }

    static func parseJSON(_ s: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(s)
        } catch {
            throw JQRuntimeError("\(error) (while parsing '\(s)')")
        }
    }
}
