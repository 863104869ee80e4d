import InfinilistCore

/// Strings, indexing, objects, `reduce`, `foreach` and destructuring patterns.
extension Compiler {
    /// Interpolations run right to left, the last one outermost, as jq's do.
    mutating func compileString(format: String?, parts: [StringPart]) throws(JQSyntaxError) -> Code {
        var fmt: Formats.Formatter = { @Sendable v in Formats.text(v) }
        if let format { fmt = try Formats.formatter(format) }
        enum Piece { case text(String); case code(Code) }
        var pieces: [Piece] = []
        for part in parts {
            switch part {
            case .text(let s): pieces.append(.text(s))
            case .interpolation(let e): pieces.append(.code(try compile(e)))
            }
        }
        let all = pieces, format = fmt
        return { input, env, emit in
            func step(_ i: Int, _ suffix: String) throws {
                if i < 0 { return try produce(.string(suffix), input, emit) }
                switch all[i] {
                case .text(let s): try step(i - 1, s + suffix)
                case .code(let c):
                    try c(input.plain, env) { v in try step(i - 1, try format(v.value) + suffix) }
                }
            }
            try step(all.count - 1, "")
        }
    }

    /// `t[k]`: the key runs outside the target (`.[0,1][0,1]` gives [0][0], [1][0], …).
    mutating func compileIndex(_ target: Expr, _ key: Expr) throws(JQSyntaxError) -> Code {
        let t = try compile(target)
        if case .literal(let k) = key {
            if case .identity = target {
                return { input, _, emit in try emit(input.step(k)) }
            }
            return { input, env, emit in
                try t(input, env) { tv in try emit(tv.step(k)) }
            }
        }
        let kc = try compile(key)
        return { input, env, emit in
            try kc(input.plain, env) { kv in
                try t(input, env) { tv in try emit(tv.step(kv.value)) }
            }
        }
    }

    mutating func compileSlice(_ target: Expr, _ from: Expr?, _ to: Expr?) throws(JQSyntaxError) -> Code {
        let t = try compile(target)
        let nullCode: Code = { _, _, emit in try emit(PV(.null)) }
        let fc = try from.map { (e) throws(JQSyntaxError) in try compile(e) } ?? nullCode
        let tc = try to.map { (e) throws(JQSyntaxError) in try compile(e) } ?? nullCode
        return { input, env, emit in
            try tc(input.plain, env) { toV in
                try fc(input.plain, env) { fromV in
                    let key = JSONValue.object(["start": fromV.value, "end": toV.value])
                    try t(input, env) { tv in try emit(tv.step(key)) }
                }
            }
        }
    }

    /// Entries left to right, the first one outermost.
    mutating func compileObject(_ entries: [ObjectEntry]) throws(JQSyntaxError) -> Code {
        var compiled: [(Code, Code)] = []
        for entry in entries {
            let keyCode: Code
            let valueCode: Code
            switch entry.key {
            case .name(let name):
                keyCode = { _, _, emit in try emit(PV(.string(name))) }
                valueCode = try compile(entry.value ?? .index(.identity, .literal(.string(name))))
            case .variable(let name):
                keyCode = { _, _, emit in try emit(PV(.string(name))) }
                valueCode = try compile(entry.value ?? .variable(name, 0))
            case .computed(let e):
                keyCode = try compile(e)
                if let v = entry.value {
                    valueCode = try compile(v)
                } else {
                    valueCode = try compile(.index(.identity, e))
                }
            }
            compiled.append((keyCode, valueCode))
        }
        let all = compiled
        // One buffer of keys and values, pushed and popped as the generators backtrack, so a
        // member costs no copy of the object built so far.
        return { input, env, emit in
            var keys: [String] = [], values: [JSONValue] = []
            keys.reserveCapacity(all.count)
            values.reserveCapacity(all.count)
            func step(_ i: Int) throws {
                if i == all.count { return try produce(.object(JSONObject(keys: keys, values: values)), input, emit) }
                try all[i].0(input.plain, env) { k in
                    guard case .string(let key) = k.value else {
                        throw JQRuntimeError("Cannot use \(k.value.typeAndValue) as object key")
                    }
                    try all[i].1(input.plain, env) { v in
                        keys.append(key)
                        values.append(v.value)
                        defer { keys.removeLast(); values.removeLast() }
                        try step(i + 1)
                    }
                }
            }
            try step(0)
        }
    }

    mutating func compileReduce(_ source: Expr, _ pattern: Pattern, _ initial: Expr, _ update: Expr) throws(JQSyntaxError) -> Code {
        let sc = try compile(source), ic = try compile(initial)
        return try withScope { (c: inout Compiler) throws(JQSyntaxError) -> Code in
            let binder = try c.compilePattern(pattern)
            let uc = try c.compile(update)
            return { input, env, emit in
                try ic(input.plain, env) { initialValue in
                    var acc: JSONValue = initialValue.value
                    try sc(input.plain, env) { sv in
                        try binder(sv.value, input.value, env) { env2 in
                            var last: JSONValue = .null
                            try uc(PV(acc), env2) { last = $0.value }
                            acc = last
                        }
                    }
                    try produce(acc, input, emit)
                }
            }
        }
    }

    mutating func compileForeach(_ source: Expr, _ pattern: Pattern, _ initial: Expr, _ update: Expr, _ extract: Expr?) throws(JQSyntaxError) -> Code {
        let sc = try compile(source), ic = try compile(initial)
        return try withScope { (c: inout Compiler) throws(JQSyntaxError) -> Code in
            let binder = try c.compilePattern(pattern)
            let uc = try c.compile(update)
            let xc = try extract.map { (e) throws(JQSyntaxError) in try c.compile(e) }
            return { input, env, emit in
                try ic(input.plain, env) { initialValue in
                    var acc: JSONValue = initialValue.value
                    try sc(input.plain, env) { sv in
                        try binder(sv.value, input.value, env) { env2 in
                            try uc(PV(acc), env2) { u in
                                acc = u.value
                                if let xc { try xc(PV(acc), env2) { try produce($0.value, input, emit) } } else { try produce(acc, input, emit) }
                            }
                        }
                    }
                }
            }
        }
    }

    typealias Binder = @Sendable (JSONValue, JSONValue, Env?, (Env?) throws -> Void) throws -> Void

    /// Compiles a pattern into a binder (value, the `.` of key expressions, env, body), pushing
    /// its variables into the scope in the order the binder pushes them at run time.
    mutating func compilePattern(_ pattern: Pattern) throws(JQSyntaxError) -> Binder {
        switch pattern {
        case .variable(let name):
            push { .variable(name, index: $0) }
            return { value, _, env, body in try body(Env(parent: env, slot: .value(value))) }
        case .array(let items):
            var binders: [Binder] = []
            for item in items { binders.append(try compilePattern(item)) }
            let all = binders
            return { value, dot, env, body in
                func step(_ i: Int, _ env: Env?) throws {
                    if i == all.count { return try body(env) }
                    let element = try Access.index(value, .int(i))
                    try all[i](element, dot, env) { try step(i + 1, $0) }
                }
                guard case .array = value else {
                    if case .null = value { return try step(0, env) }
                    throw JQRuntimeError("Cannot index \(value.jqTypeName) with number")
                }
                try step(0, env)
            }
        case .object(let entries):
            var steps: [(Code?, String?, Binder?)] = []
            for (key, sub) in entries {
                switch key {
                case .variable(let name):
                    push { .variable(name, index: $0) }
                    steps.append((nil, name, try sub.map { (p) throws(JQSyntaxError) in try compilePattern(p) }))
                case .name(let name):
                    let k: Code = { _, _, emit in try emit(PV(.string(name))) }
                    steps.append((k, nil, try sub.map { (p) throws(JQSyntaxError) in try compilePattern(p) }))
                case .computed(let e):
                    let k = try compile(e)
                    steps.append((k, nil, try sub.map { (p) throws(JQSyntaxError) in try compilePattern(p) }))
                }
            }
            let all = steps
            return { value, dot, env, body in
                func step(_ i: Int, _ env: Env?) throws {
                    if i == all.count { return try body(env) }
                    let (keyCode, variable, sub) = all[i]
                    if let variable {
                        let v = try Access.index(value, .string(variable))
                        let env2 = Env(parent: env, slot: .value(v))
                        if let sub { try sub(v, dot, env2) { try step(i + 1, $0) } } else { try step(i + 1, env2) }
                        return
                    }
                    guard let keyCode else { return }
                    try keyCode(PV(dot), env) { k in
                        guard case .string = k.value else {
                            throw JQRuntimeError("Cannot index \(value.jqTypeName) with \(k.value.jqTypeName)")
                        }
                        let v = try Access.index(value, k.value)
                        if let sub { try sub(v, dot, env) { try step(i + 1, $0) } } else { try step(i + 1, env) }
                    }
                }
                try step(0, env)
            }
        }
    }

    /// `source as P1 ?// P2 … | body`: every variable of every pattern is bound to null first,
    /// then the pattern tried binds its own over them; the body is compiled once per pattern, as
    /// the variables it sees sit at different depths. An error in the binding or the body (not
    /// downstream of it) moves on to the next pattern, outputs already given staying given; the
    /// last pattern's error is the expression's.
    mutating func compileAlternatives(_ source: Expr, _ patterns: [Pattern], _ body: Expr) throws(JQSyntaxError) -> Code {
        let sc = try compile(source)
        var names: [String] = []
        for name in patterns.flatMap(\.variables) where !names.contains(name) { names.append(name) }
        var alternatives: [(Binder, Code)] = []
        for pattern in patterns {
            alternatives.append(try withScope { (c: inout Compiler) throws(JQSyntaxError) -> (Binder, Code) in
                for name in names { c.push { .variable(name, index: $0) } }
                let binder = try c.compilePattern(pattern)
                return (binder, try c.compile(body))
            })
        }
        let all = alternatives
        let nullCount = names.count
        return { input, env, emit in
            try sc(input.plain, env) { sv in
                var nulls = env
                for _ in 0..<nullCount { nulls = Env(parent: nulls, slot: .value(.null)) }
                for (position, (binder, bc)) in all.enumerated() {
                    let attempt = { (out: Emit) throws in try binder(sv.value, input.value, nulls) { try bc(input, $0, out) } }
                    if position == all.count - 1 { return try attempt(emit) }
                    var failed = false
                    try guarded(attempt, emit: emit) { _ in failed = true }
                    if !failed { return }
                }
            }
        }
    }
}
