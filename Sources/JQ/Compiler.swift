import InfinilistCore

/// Turns the tree into closures once. Names are resolved here, not at run time: a variable
/// becomes a distance up the `Env` chain, a call a direct reference to the function's code.
struct Compiler {
    enum Entry {
        case variable(String, index: Int)
        case closure(String, index: Int)
        case label(String, index: Int)
        case function(String, arity: Int, box: FunctionBox, definedAt: Int, params: [String])
    }

    var scope: [Entry] = []
    /// Runtime `Env` nodes in scope at this point of the program.
    var runtimeCount = 0

    mutating func compileWithPrelude(_ program: Expr) throws(JQSyntaxError) -> Code {
        for def in Prelude.definitions { try define(def) }
        return try compile(program)
    }

    mutating func push(_ make: (Int) -> Entry) {
        scope.append(make(runtimeCount))
        runtimeCount += 1
    }

    mutating func withScope<T>(_ body: (inout Compiler) throws(JQSyntaxError) -> T) throws(JQSyntaxError) -> T {
        let savedScope = scope, savedCount = runtimeCount
        defer { scope = savedScope; runtimeCount = savedCount }
        return try body(&self)
    }

    // MARK: Expressions

    mutating func compile(_ e: Expr) throws(JQSyntaxError) -> Code {
        switch e {
        case .identity:
            return { input, _, emit in try emit(input) }
        case .recurseAll:
            return try compile(.call("recurse", [], 0))
        case .literal(let v):
            return { input, _, emit in try produce(v, input, emit) }
        case .string(let format, let parts):
            return try compileString(format: format, parts: parts)
        case .format(let name):
            let f = try Formats.formatter(name)
            return { input, _, emit in try produce(.string(try f(input.value)), input, emit) }
        case .index(let target, let key):
            return try compileIndex(target, key)
        case .slice(let target, let from, let to):
            return try compileSlice(target, from, to)
        case .iterate(let target):
            let t = try compile(target)
            return { input, env, emit in
                try t(input, env) { tv in try Access.iterate(tv, emit) }
            }
        case .optional(let body):
            return try compile(.tryCatch(body, nil))
        case .array(let body):
            guard let body else { return { input, _, emit in try produce(.array([]), input, emit) } }
            let b = try compile(body)
            return { input, env, emit in
                var items: [JSONValue] = []
                try b(input.plain, env) { items.append($0.value) }
                try produce(.array(items), input, emit)
            }
        case .object(let entries):
            return try compileObject(entries)
        case .negate(let body):
            let b = try compile(body)
            return { input, env, emit in
                try b(input.plain, env) { v in
                    guard let d = v.value.doubleValue else { throw JQRuntimeError("\(v.value.typeAndValue) cannot be negated") }
                    try produce(.double(-d), input, emit)
                }
            }
        case .pipe(let a, let b):
            let ac = try compile(a), bc = try compile(b)
            return { input, env, emit in try ac(input, env) { try bc($0, env, emit) } }
        case .comma(let a, let b):
            let ac = try compile(a), bc = try compile(b)
            return { input, env, emit in
                try ac(input, env, emit)
                try bc(input, env, emit)
            }
        case .binary(let op, let l, let r):
            let lc = try compile(l), rc = try compile(r)
            let f = Arithmetic.operation(op)
            // jq runs the right operand outside the left: `(1,2) + (10,20)` is 11, 12, 21, 22.
            return { input, env, emit in
                try rc(input.plain, env) { rv in
                    try lc(input.plain, env) { lv in try produce(try f(lv.value, rv.value), input, emit) }
                }
            }
        case .and(let l, let r), .or(let l, let r):
            let isAnd: Bool
            if case .and = e { isAnd = true } else { isAnd = false }
            let lc = try compile(l), rc = try compile(r)
            return { input, env, emit in
                try lc(input.plain, env) { lv in
                    if lv.value.isTruthy != isAnd { return try produce(.bool(!isAnd), input, emit) }
                    try rc(input.plain, env) { rv in try produce(.bool(rv.value.isTruthy), input, emit) }
                }
            }
        case .alternative(let a, let b):
            let ac = try compile(a), bc = try compile(b)
            // jq 1.6's `//` does not catch errors of its left side: `error("x") // 1` fails.
            return { input, env, emit in
                var any = false
                try ac(input, env) { v in
                    if v.value.isTruthy { any = true; try emit(v) }
                }
                if !any { try bc(input, env, emit) }
            }
        case .ifThen(let branches, let otherwise):
            var elseCode: Code = { input, _, emit in try emit(input) }
            if let otherwise { elseCode = try compile(otherwise) }
            for (cond, then) in branches.reversed() {
                let cc = try compile(cond), tc = try compile(then), ec = elseCode
                elseCode = { input, env, emit in
                    try cc(input.plain, env) { c in
                        try (c.value.isTruthy ? tc : ec)(input, env, emit)
                    }
                }
            }
            return elseCode
        case .tryCatch(let body, let handler):
            let bc = try compile(body)
            let hc = try handler.map { (h) throws(JQSyntaxError) -> Code in try compile(h) }
            return { input, env, emit in
                try guarded({ try bc(input, env, $0) }, emit: emit) { error in
                    // `.a?` drops the error; `try error(null) catch .` gives null (jq 1.7).
                    if let hc { try hc(PV(error.value), env, emit) }
                }
            }
        case .reduce(let source, let pattern, let initial, let update):
            return try compileReduce(source, pattern, initial, update)
        case .foreach(let source, let pattern, let initial, let update, let extract):
            return try compileForeach(source, pattern, initial, update, extract)
        case .define(let def, let rest):
            return try withScope { (c: inout Compiler) throws(JQSyntaxError) -> Code in
                try c.define(def)
                return try c.compile(rest)
            }
        case .call(let name, let args, let column):
            return try compileCall(name, args, column: column)
        case .variable(let name, let column):
            if name == "__loc__" {
                let loc = JSONValue.object(["file": .string("<top-level>"), "line": .number("1")])
                return { input, _, emit in try produce(loc, input, emit) }
            }
            guard let index = lookupVariable(name) else {
                throw JQSyntaxError("$\(name) is not defined at column \(column)", column: column)
            }
            let distance = runtimeCount - 1 - index
            return { input, env, emit in
                guard case .value(let v) = ancestor(env, distance)?.slot else { return }
                try produce(v, input, emit)
            }
        case .bind(let source, let pattern, let body):
            let sc = try compile(source)
            return try withScope { (c: inout Compiler) throws(JQSyntaxError) -> Code in
                let binder = try c.compilePattern(pattern)
                let bc = try c.compile(body)
                return { input, env, emit in
                    try sc(input.plain, env) { sv in
                        try binder(sv.value, input.value, env) { env2 in try bc(input, env2, emit) }
                    }
                }
            }
        case .bindAlternatives(let source, let patterns, let body):
            return try compileAlternatives(source, patterns, body)
        case .label(let name, let body):
            return try withScope { (c: inout Compiler) throws(JQSyntaxError) -> Code in
                c.push { .label(name, index: $0) }
                let bc = try c.compile(body)
                return { input, env, emit in
                    let token = StopToken()
                    do {
                        try bc(input, Env(parent: env, slot: .label(token)), emit)
                    } catch let stop as Stop where stop.token === token {}
                }
            }
        case .breakLabel(let name):
            guard let index = lookupLabel(name) else {
                throw JQSyntaxError("$*label-\(name) is not defined", column: 1)
            }
            let distance = runtimeCount - 1 - index
            return { _, env, _ in
                guard case .label(let token) = ancestor(env, distance)?.slot else { return }
                throw Stop(token: token)
            }
        case .assign(let op, let lhs, let rhs):
            return try compileAssign(op, lhs, rhs)
        }
    }

    func lookupVariable(_ name: String) -> Int? {
        for entry in scope.reversed() {
            if case .variable(let n, let index) = entry, n == name { return index }
        }
        return nil
    }

    func lookupLabel(_ name: String) -> Int? {
        for entry in scope.reversed() {
            if case .label(let n, let index) = entry, n == name { return index }
        }
        return nil
    }
}
