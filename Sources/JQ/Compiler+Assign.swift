import InfinilistCore

/// Assignments, on paths collected from the original input as jq does:
/// `lhs = rhs` (one result per output of `rhs`, run on `.`), `lhs |= f` (the first output of
/// `f` per path; none deletes the path, after the others, as jq 1.7 does), `lhs op= rhs` and `lhs //= rhs` (per output of `rhs`).
extension Compiler {
    mutating func compileAssign(_ op: AssignOp, _ lhs: Expr, _ rhs: Expr) throws(JQSyntaxError) -> Code {
        let lc = try compile(lhs), rc = try compile(rhs)
        @Sendable func paths(_ value: JSONValue, _ env: Env?) throws -> [[JSONValue]] {
            var out: [[JSONValue]] = []
            try lc(PV(value, path: []), env) { out.append(try $0.resultPath()) }
            return out
        }
        switch op {
        case .update:
            return { input, env, emit in
                // jq 1.7: paths whose update gives nothing are deleted together at the end, so
                // a deletion does not shift the paths after it.
                var acc = input.value
                var deleted: [[JSONValue]] = []
                for p in try paths(input.value, env) {
                    let old = try Paths.get(acc, p)
                    if let new = try firstOutput({ try rc(PV(old), env, $0) }) {
                        acc = try Paths.set(acc, p, new.value)
                    } else {
                        deleted.append(p)
                    }
                }
                if !deleted.isEmpty { acc = try Paths.delete(acc, deleted) }
                try produce(acc, input, emit)
            }
        case .set:
            return { input, env, emit in
                try rc(input.plain, env) { v in
                    var acc = input.value
                    for p in try paths(input.value, env) { acc = try Paths.set(acc, p, v.value) }
                    try produce(acc, input, emit)
                }
            }
        case .arithmetic(let binary):
            let f = Arithmetic.operation(binary)
            return { input, env, emit in
                try rc(input.plain, env) { v in
                    var acc = input.value
                    for p in try paths(input.value, env) {
                        acc = try Paths.set(acc, p, try f(try Paths.get(acc, p), v.value))
                    }
                    try produce(acc, input, emit)
                }
            }
        case .alternative:
            return { input, env, emit in
                try rc(input.plain, env) { v in
                    var acc = input.value
                    for p in try paths(input.value, env) {
                        let old = try Paths.get(acc, p)
                        acc = try Paths.set(acc, p, old.isTruthy ? old : v.value)
                    }
                    try produce(acc, input, emit)
                }
            }
        }
    }
}
