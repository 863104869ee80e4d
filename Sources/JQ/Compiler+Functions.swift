import InfinilistCore

/// Function definitions and calls. A definition's body is compiled once, into a box that calls
/// (including recursive ones, compiled before the box is filled) read at run time. A call
/// passes each argument as a closure over the caller's `Env`; a `$x` parameter also binds each
/// output of its argument, as jq's `def f($x)` means `def f(x): x as $x | …`.
final class FunctionBox: @unchecked Sendable {
    /// Written once while compiling, before the program can run; read-only afterwards.
    var code: Code?
}

extension Compiler {
    mutating func define(_ def: FunctionDef) throws(JQSyntaxError) {
        let box = FunctionBox()
        scope.append(.function(def.name, arity: def.params.count, box: box, definedAt: runtimeCount, params: def.params))
        let savedScope = scope, savedCount = runtimeCount
        defer { scope = savedScope; runtimeCount = savedCount }
        for p in def.params {
            let name = p.hasPrefix("$") ? String(p.dropFirst()) : p
            push { .closure(name, index: $0) }
        }
        for p in def.params where p.hasPrefix("$") {
            let name = String(p.dropFirst())
            push { .variable(name, index: $0) }
        }
        box.code = try compile(def.body)
    }

    mutating func compileCall(_ name: String, _ args: [Expr], column: Int) throws(JQSyntaxError) -> Code {
        for entry in scope.reversed() {
            switch entry {
            case .closure(let n, let index) where n == name && args.isEmpty:
                let distance = runtimeCount - 1 - index
                return { input, env, emit in
                    guard case .closure(let code, let closureEnv) = ancestor(env, distance)?.slot else { return }
                    try code(input, closureEnv, emit)
                }
            case .function(let n, let arity, let box, let definedAt, let params) where n == name && arity == args.count:
                var argCodes: [Code] = []
                for a in args { argCodes.append(try compile(a)) }
                let codes = argCodes
                let up = runtimeCount - definedAt
                let valueParams = params.indices.filter { params[$0].hasPrefix("$") }
                return { input, env, emit in
                    try StackGuard.check()
                    try Fuel.burn()
                    guard let body = box.code else { return }
                    var fenv = ancestor(env, up)
                    for a in codes { fenv = Env(parent: fenv, slot: .closure(a, env)) }
                    if valueParams.isEmpty { return try body(input, fenv, emit) }
                    func bind(_ i: Int, _ e: Env?) throws {
                        if i == valueParams.count { return try body(input, e, emit) }
                        try codes[valueParams[i]](input.plain, env) { v in
                            try bind(i + 1, Env(parent: e, slot: .value(v.value)))
                        }
                    }
                    try bind(0, fenv)
                }
            default:
                continue
            }
        }
        if let native = Builtins.natives["\(name)/\(args.count)"] {
            var argCodes: [Code] = []
            for a in args { argCodes.append(try compile(a)) }
            return native(argCodes)
        }
        throw JQSyntaxError("unknown function '\(name)/\(args.count)' at column \(column)\(suggestion(for: name, arity: args.count))", column: column)
    }

    /// "; did you mean 'select/1'?" for a function name one typo away from one there is (the
    /// program's own definitions, the prelude's and the native ones, of the same arity).
    private func suggestion(for name: String, arity: Int) -> String {
        var known = Set(Builtins.names)
        for entry in scope {
            if case .function(let n, let a, _, _, _) = entry { known.insert("\(n)/\(a)") }
        }
        let candidates = known.compactMap { $0.hasSuffix("/\(arity)") ? String($0.dropLast("/\(arity)".count)) : nil }
        guard let nearest = NearestWords.nearest(to: name, among: candidates.sorted()), nearest.distance > 0,
              NearestWords.isClose(nearest.distance, to: name) else { return "" }
        return "; did you mean " + nearest.words.map { "'\($0)/\(arity)'" }.joined(separator: " or ") + "?"
    }
}
