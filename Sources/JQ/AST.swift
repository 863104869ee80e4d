import InfinilistCore

/// The parsed program: one tree, compiled once into closures (`Compiler`).
indirect enum Expr: Sendable {
    case identity
    case recurseAll                           // `..`
    case literal(JSONValue)
    case string(format: String?, parts: [StringPart])  // "a\(.b)c", @base64 "…"
    case format(String)                       // `@base64` alone
    case index(Expr, Expr)                    // `t[k]`, `t.k`
    case slice(Expr, Expr?, Expr?)            // `t[a:b]`
    case iterate(Expr)                        // `t[]`
    case optional(Expr)                       // `t?`
    case array(Expr?)
    case object([ObjectEntry])
    case negate(Expr)
    case pipe(Expr, Expr)
    case comma(Expr, Expr)
    case binary(BinaryOp, Expr, Expr)
    case and(Expr, Expr)
    case or(Expr, Expr)
    case alternative(Expr, Expr)              // `//`
    case ifThen([(Expr, Expr)], Expr?)
    case tryCatch(Expr, Expr?)
    case reduce(Expr, Pattern, Expr, Expr)
    case foreach(Expr, Pattern, Expr, Expr, Expr?)
    case define(FunctionDef, Expr)
    case call(String, [Expr], Int)  // name, arguments, column
    case variable(String, Int)
    case bind(Expr, Pattern, Expr)            // `source as $x | body`
    /// `source as P1 ?// P2 ?// … | body`: each pattern in turn while the binding or the body
    /// fails; every variable of every pattern is bound (null where a pattern lacks it).
    case bindAlternatives(Expr, [Pattern], Expr)
    case label(String, Expr)
    case breakLabel(String)
    case assign(AssignOp, Expr, Expr)
}

enum StringPart: Sendable {
    case text(String)
    case interpolation(Expr)
}

enum ObjectKey: Sendable {
    case name(String)          // `a`, `"a"`
    case variable(String)      // `$x` (key "x", value $x)
    case computed(Expr)        // `(e)`, `"\(e)"`, `@fmt "…"`
}

struct ObjectEntry: Sendable {
    var key: ObjectKey
    var value: Expr?           // nil: `{a}` means `{a: .a}`, `{$x}` means `{x: $x}`
}

enum BinaryOp: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", modulo = "%"
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
}

enum AssignOp: Sendable {
    case set               // `=`
    case update            // `|=`
    case arithmetic(BinaryOp)  // `+=` …
    case alternative       // `//=`
}

/// A destructuring pattern: `$x`, `[$a, $b]`, `{a: $x, $b, (e): [$c]}`.
indirect enum Pattern: Sendable {
    case variable(String)
    case array([Pattern])
    case object([(ObjectKey, Pattern?)])   // `$b` alone binds key "b" to $b

    var variables: [String] {
        switch self {
        case .variable(let name): [name]
        case .array(let items): items.flatMap(\.variables)
        case .object(let entries): entries.flatMap { entry -> [String] in
            var names: [String] = []
            if case .variable(let v) = entry.0 { names.append(v) }
            if let p = entry.1 { names += p.variables }
            return names
        }
        }
    }
}

struct FunctionDef: Sendable {
    var name: String
    var params: [String]       // `f` closure params, `$x` value params (kept with the `$`)
    var body: Expr
}
