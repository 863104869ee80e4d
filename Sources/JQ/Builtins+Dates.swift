import Glibc
import InfinilistCore

/// Dates as jq 1.6 has them, on the C library: `now gmtime localtime mktime strftime
/// strflocaltime strptime todate fromdate todateiso8601 fromdateiso8601`. A broken-down time
/// is jq's array `[year, month (0-11), day, hours, minutes, seconds (with the fraction), weekday,
/// day of the year]`.
extension Builtins {
    /// glibc's `strptime`, looked up at run time: Swift's Glibc module declares it only under
    /// `_XOPEN_SOURCE`.
    private typealias StrptimeFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutablePointer<tm>) -> UnsafeMutablePointer<CChar>?
    private static let strptimeFunction: StrptimeFunction? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "strptime") else { return nil }
        return unsafeBitCast(symbol, to: StrptimeFunction.self)
    }()

    static func brokenDown(_ t: tm, seconds: Double) -> JSONValue {
        .array([.int(Int(t.tm_year) + 1900), .int(Int(t.tm_mon)), .int(Int(t.tm_mday)), .int(Int(t.tm_hour)),
                .int(Int(t.tm_min)), .double(seconds), .int(Int(t.tm_wday)), .int(Int(t.tm_yday))])
    }

    static func timeStruct(_ v: JSONValue, _ who: String) throws -> tm {
        guard case .array(let a) = v, a.count >= 6, a.allSatisfy({ $0.doubleValue != nil }) else {
            throw JQRuntimeError("\(who) requires parsed datetime inputs")
        }
        let n = a.map { Int32(clamping: Arithmetic.toInt($0.doubleValue ?? 0)) }
        var t = tm()
        t.tm_year = n[0] - 1900
        t.tm_mon = n[1]
        t.tm_mday = n[2]
        t.tm_hour = n[3]
        t.tm_min = n[4]
        t.tm_sec = n[5]
        t.tm_wday = n.count > 6 ? n[6] : 0
        t.tm_yday = n.count > 7 ? n[7] : 0
        return t
    }

    static func gmtime(_ v: JSONValue, local: Bool) throws -> JSONValue {
        guard let d = v.doubleValue else { throw JQRuntimeError("\(local ? "localtime" : "gmtime")() requires numeric inputs") }
        // jq 1.6 truncates toward zero and adds the fraction above the floor (-2.5 is 58.5 s).
        var seconds = time_t(Arithmetic.toInt(d.rounded(.towardZero)))
        var t = tm()
        if local { localtime_r(&seconds, &t) } else { gmtime_r(&seconds, &t) }
        return brokenDown(t, seconds: Double(t.tm_sec) + (d - d.rounded(.down)))
    }

    static func format(_ v: JSONValue, _ f: JSONValue, local: Bool) throws -> JSONValue {
        let name = local ? "strflocaltime/1" : "strftime/1"
        let broken = v.doubleValue != nil ? try gmtime(v, local: local) : v
        guard case .string(let fmt) = f else { throw JQRuntimeError("\(name) requires a string format") }
        var t = try timeStruct(broken, name)
        var buffer = [CChar](repeating: 0, count: 512)
        let n = strftime(&buffer, buffer.count, fmt, &t)
        return .string(String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    static func parse(_ v: JSONValue, _ f: JSONValue) throws -> JSONValue {
        guard case .string(let s) = v, case .string(let fmt) = f else {
            throw JQRuntimeError("strptime/1 requires string inputs and arguments")
        }
        var t = tm()
        guard let strptimeFunction, let end = strptimeFunction(s, fmt, &t), end.pointee == 0 else {
            throw JQRuntimeError("date \"\(s)\" does not match format \"\(fmt)\"")
        }
        // Fill in the weekday and day of the year, as jq does.
        var copy = t
        var seconds = timegm(&copy)
        var filled = tm()
        gmtime_r(&seconds, &filled)
        t.tm_wday = filled.tm_wday
        t.tm_yday = filled.tm_yday
        return brokenDown(t, seconds: Double(t.tm_sec))
    }

    static func dates(_ t: inout [String: Native]) {
        let iso: JSONValue = .string("%Y-%m-%dT%H:%M:%SZ")
        t["now/0"] = simple { _ in
            var ts = timespec()
            clock_gettime(CLOCK_REALTIME, &ts)
            return .double(Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
        }
        t["gmtime/0"] = simple { try gmtime($0, local: false) }
        t["localtime/0"] = simple { try gmtime($0, local: true) }
        t["mktime/0"] = simple { v in
            guard case .array = v else { throw JQRuntimeError("mktime requires array inputs") }
            var tm = try timeStruct(v, "mktime")
            return .int(Int(timegm(&tm)))
        }
        t["strftime/1"] = unary { try format($0, $1, local: false) }
        t["strflocaltime/1"] = unary { try format($0, $1, local: true) }
        t["strptime/1"] = unary { try parse($0, $1) }
        for name in ["todate", "todateiso8601"] {
            t["\(name)/0"] = simple { try format($0, iso, local: false) }
        }
        for name in ["fromdate", "fromdateiso8601"] {
            t["\(name)/0"] = simple { v in
                var tm = try timeStruct(try parse(v, iso), "mktime")
                return .int(Int(timegm(&tm)))
            }
        }
    }
}
