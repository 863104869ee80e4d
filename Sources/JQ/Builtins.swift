import Glibc
import InfinilistCore

/// Builtins written in Swift: the ones on the hot path, the ones that track paths, and the
/// ones jq itself writes in C. The rest are jq definitions (`Prelude`).
enum Builtins {
    typealias Native = @Sendable ([Code]) -> Code

    static let natives: [String: Native] = {
        var table: [String: Native] = [:]
        core(&table)
        values(&table)
        collections(&table)
        strings(&table)
        regex(&table)
        dates(&table)
        return table
    }()

    /// The process environment, for `$ENV` and `env`.
    static let environment: JSONValue = {
        var object = JSONObject()
        var p = environ
        while let entry = p.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                object[String(text[..<eq])] = .string(String(text[text.index(after: eq)...]))
            }
            p += 1
        }
        return .object(object)
    }()

    /// A builtin of the input alone.
    static func simple(_ f: @escaping @Sendable (JSONValue) throws -> JSONValue) -> Native {
        { _ in { input, _, emit in try produce(try f(input.value), input, emit) } }
    }

    /// A builtin of the input and one argument's outputs.
    static func unary(_ f: @escaping @Sendable (JSONValue, JSONValue) throws -> JSONValue) -> Native {
        { args in
            let a = args[0]
            return { input, env, emit in
                try a(input.plain, env) { av in try produce(try f(input.value, av.value), input, emit) }
            }
        }
    }

    /// A builtin of the input and two arguments' outputs, the first argument outermost.
    static func binary(_ f: @escaping @Sendable (JSONValue, JSONValue, JSONValue) throws -> JSONValue) -> Native {
        { args in
            let a = args[0], b = args[1]
            return { input, env, emit in
                try a(input.plain, env) { av in
                    try b(input.plain, env) { bv in try produce(try f(input.value, av.value, bv.value), input, emit) }
                }
            }
        }
    }

    /// Control and paths: `empty error not path getpath select recurse limit first last range`.
    /// `builtins`: every function a program can call, as `name/arity`, but the internal ones.
    static let names: [String] = {
        let all = Set(natives.keys).union(Prelude.definitions.map { "\($0.name)/\($0.params.count)" })
        return all.filter { !$0.hasPrefix("_") }.sorted()
    }()

    static func core(_ t: inout [String: Native]) {
        t["builtins/0"] = simple { _ in .array(Builtins.names.map(JSONValue.string)) }
        t["empty/0"] = { _ in { _, _, _ in } }
        t["error/0"] = { _ in { input, _, _ in throw JQRuntimeError(value: input.value) } }
        t["error/1"] = { args in
            let a = args[0]
            return { input, env, _ in try a(input.plain, env) { throw JQRuntimeError(value: $0.value) } }
        }
        t["not/0"] = simple { .bool(!$0.isTruthy) }
        t["path/1"] = { args in
            let f = args[0]
            return { input, env, emit in
                try f(PV(input.value, path: []), env) { try produce(.array(try $0.resultPath()), input, emit) }
            }
        }
        t["getpath/1"] = { args in
            let a = args[0]
            return { input, env, emit in
                try a(input.plain, env) { pv in
                    if input.madeUp { throw invalidPath(input.value) }
                    let keys = try Paths.elements(pv.value)
                    let v = try Paths.get(input.value, keys)
                    try emit(PV(v, path: input.path.map { $0 + keys }))
                }
            }
        }
        t["setpath/2"] = binary { v, p, x in try Paths.set(v, try Paths.elements(p), x) }
        t["delpaths/1"] = unary { v, ps in
            guard case .array(let paths) = ps else { throw JQRuntimeError("Paths must be specified as an array") }
            return try Paths.delete(v, try paths.map { p in
                guard case .array(let keys) = p else { throw JQRuntimeError("Path must be specified as array, not \(p.jqTypeName)") }
                return keys
            })
        }
        t["select/1"] = { args in
            let f = args[0]
            return { input, env, emit in
                try f(input.plain, env) { if $0.value.isTruthy { try emit(input) } }
            }
        }
        t["recurse/0"] = { _ in
            { input, _, emit in
                func walk(_ pv: PV) throws {
                    try emit(pv)
                    switch pv.value {
                    case .array, .object: try Access.iterate(pv, walk)
                    default: break
                    }
                }
                try walk(input)
            }
        }
        t["limit/2"] = { args in
            let n = args[0], f = args[1]
            return { input, env, emit in
                try n(input.plain, env) { nv in
                    // jq 1.7: a negative limit passes everything, 0 nothing (`f` is not run).
                    let limit = nv.value.doubleValue ?? 0
                    if limit < 0 { return try f(input, env, emit) }
                    if limit == 0 { return }
                    let token = StopToken()
                    var count = 0.0
                    do {
                        try f(input, env) { v in
                            count += 1
                            try emit(v)
                            if count >= limit { throw Stop(token: token) }
                        }
                    } catch let stop as Stop where stop.token === token {}
                }
            }
        }
        t["first/1"] = { args in
            let f = args[0]
            return { input, env, emit in
                let token = StopToken()
                do {
                    try f(input, env) { v in
                        try emit(v)
                        throw Stop(token: token)
                    }
                } catch let stop as Stop where stop.token === token {}
            }
        }
        // jq 1.6's `repeat(f)` runs `f` on the same input again and again (`1 | repeat(. * 2)`
        // is 2, 2, 2, …); a loop, so that `limit(1e6; repeat(…))` needs no stack.
        t["repeat/1"] = { args in
            let f = args[0]
            return { input, env, emit in
                while true {
                    try Fuel.burn()
                    try f(input, env, emit)
                }
            }
        }
        t["last/1"] = { args in
            let f = args[0]
            return { input, env, emit in
                var last: PV?
                try f(input, env) { last = $0 }
                if let last { try emit(last) }
            }
        }
        t["range/1"] = { args in
            let a = args[0]
            return { input, env, emit in
                try a(input.plain, env) { n in try range(.int(0), n.value, .int(1), input, emit) }
            }
        }
        t["range/2"] = { args in
            let a = args[0], b = args[1]
            return { input, env, emit in
                try a(input.plain, env) { from in
                    try b(input.plain, env) { upto in try range(from.value, upto.value, .int(1), input, emit) }
                }
            }
        }
        t["range/3"] = { args in
            let a = args[0], b = args[1], c = args[2]
            return { input, env, emit in
                try a(input.plain, env) { from in
                    try b(input.plain, env) { upto in
                        try c(input.plain, env) { by in try range(from.value, upto.value, by.value, input, emit) }
                    }
                }
            }
        }
        t["env/0"] = simple { _ in environment }
        t["input/0"] = simple { _ in throw JQRuntimeError("No more inputs") }
        // The screen owns the terminal, and a dump's stderr holds its report: `debug` and
        // `stderr` pass their input on without printing it (docs/jq.md).
        t["debug/0"] = simple { $0 }
        t["stderr/0"] = simple { $0 }
        t["halt/0"] = { _ in { _, _, _ in throw Halt(message: nil) } }
        t["halt_error/1"] = { args in
            let code = args[0]
            return { input, env, _ in
                try code(input.plain, env) { given in
                    guard case .number = given.value else { throw JQRuntimeError("halt_error/1: number required") }
                    throw Halt(message: input.value.stringValue ?? JQOutput.compact(input.value))
                }
            }
        }
        // As under `jq -n`: the library is given values, not files.
        t["input_filename/0"] = simple { _ in .null }
        t["format/1"] = unary { v, f in
            guard case .string(let name) = f else { throw JQRuntimeError("\(f.typeAndValue) is not a valid format") }
            do { return .string(try Formats.formatter(name)(v)) } catch let e as JQSyntaxError { throw JQRuntimeError(e.message) }
        }
    }

    static func range(_ from: JSONValue, _ upto: JSONValue, _ by: JSONValue, _ input: PV, _ emit: Emit) throws {
        guard let f = from.doubleValue, let u = upto.doubleValue, let b = by.doubleValue else {
            throw JQRuntimeError("Range bounds must be numeric")
        }
        if b == 1, f == f.rounded(), abs(f) < 1e15, u < 1e15 {
            var i = Int(f)
            while Double(i) < u {
                try Fuel.burn()
                try produce(.int(i), input, emit)
                i += 1
            }
            return
        }
        var x = f
        if b > 0 {
            while x < u { try Fuel.burn(); try produce(.double(x), input, emit); x += b }
        } else if b < 0 {
            while x > u { try Fuel.burn(); try produce(.double(x), input, emit); x += b }
        }
    }
}
