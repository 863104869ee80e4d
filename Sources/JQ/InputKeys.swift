import InfinilistCore

/// Which members of an object input a program can ever read, told from its text: for
/// `select(.user.login == "user7") | {id, title}` that is `user`, `id` and `title`. `--dump --jq`
/// then builds only those members of each item (`JSONParser.parse(_:keeping:)`) and skips the
/// rest of its bytes, which is most of the work on wide items (issue 35's speed goal).
///
/// The answer must be exact, not a guess: nil whenever the program might see the input as a
/// whole, that is when the input itself may be an output, an operand, a variable's value, or
/// the input of anything but a field access with a constant name, a `select` condition or a
/// truth test (an object missing members is still true). The rules below allow only forms whose
/// meaning on the input they know; anything else (user functions, `..`, `keys`, `has`, `to_entries`,
/// paths, assignment, `reduce`, …) makes the answer nil, and the item is built whole.
enum InputKeys {
    /// The members `program` may read of its input; nil when it may read the input whole.
    static func of(_ program: Expr) -> Set<String>? {
        guard let use = use(of: program), !use.passesInput else { return nil }
        return use.keys
    }

    /// What an expression does with its input: the members it reads, and whether its outputs
    /// may be the input itself (then what the outputs go to decides).
    struct Use {
        var keys: Set<String> = []
        var passesInput = false

        static let input = Use(passesInput: true)
        static let readsNothing = Use()

        /// Both expressions run on the same input; either's outputs may come out.
        func either(_ other: Use) -> Use {
            Use(keys: keys.union(other.keys), passesInput: passesInput || other.passesInput)
        }
    }

    /// nil: the expression may read its input whole.
    static func use(of expr: Expr) -> Use? {
        switch expr {
        case .identity:
            return .input
        case .literal, .variable, .breakLabel:
            return .readsNothing
        case .index(let target, let key):
            return indexUse(target, key)
        case .optional(let inner), .label(_, let inner):
            return use(of: inner)
        case .pipe(let first, let second):
            guard let left = use(of: first) else { return nil }
            // The second part reads only what the first gives it: the input itself, or values
            // that are whole (a member is built whole, with everything under it).
            guard left.passesInput else { return left }
            guard let right = use(of: second) else { return nil }
            return Use(keys: left.keys.union(right.keys), passesInput: right.passesInput)
        case .comma(let first, let second), .alternative(let first, let second):
            guard let a = use(of: first), let b = use(of: second) else { return nil }
            return a.either(b)
        case .and(let first, let second), .or(let first, let second):
            return truthUse([first, second])
        case .binary(_, let first, let second):
            return valueUse([first, second])
        case .negate(let inner), .array(let inner?):
            return valueUse([inner])
        case .array(nil):
            return .readsNothing
        case .string(_, let parts):
            return valueUse(parts.compactMap { if case .interpolation(let e) = $0 { e } else { nil } })
        case .object(let entries):
            return objectUse(entries)
        case .ifThen(let branches, let otherwise):
            guard let conditions = truthUse(branches.map(\.0)) else { return nil }
            var result = Use(keys: conditions.keys, passesInput: otherwise == nil)
            for body in branches.map(\.1) + [otherwise].compactMap({ $0 }) {
                guard let branch = use(of: body) else { return nil }
                result = result.either(branch)
            }
            return result
        case .tryCatch(let body, _):
            // The handler's input is the error's message, which names no member the body did
            // not read (the input itself is never an operand here).
            return use(of: body)
        case .bind(let source, let pattern, let body):
            guard let bound = valueUse([source]), !hasComputedKey(pattern), let inner = use(of: body) else { return nil }
            return Use(keys: bound.keys.union(inner.keys), passesInput: inner.passesInput)
        case .call(let name, let arguments, _):
            return callUse(name, arguments)
        case .iterate(let target):
            return valueUse([target])   // the input's members one by one: all of them
        case .slice(let target, let from, let to):
            return valueUse([target] + [from, to].compactMap { $0 })
        case .recurseAll, .format, .reduce, .foreach, .define, .bindAlternatives, .assign:
            return nil
        }
    }

    /// `t[k]`: a constant name on the input reads that member; any other key on the input may
    /// read it whole (a computed name, a number's error).
    private static func indexUse(_ target: Expr, _ key: Expr) -> Use? {
        guard let on = use(of: target), let keyUse = valueUse([key]) else { return nil }
        var keys = on.keys.union(keyUse.keys)
        if on.passesInput {
            guard case .literal(let literal) = key, let name = literal.stringValue else { return nil }
            keys.insert(name)
        }
        return Use(keys: keys)
    }

    /// Expressions whose outputs are used as values (operands, elements, interpolations): none
    /// may give the input itself.
    private static func valueUse(_ exprs: [Expr]) -> Use? {
        var keys: Set<String> = []
        for expr in exprs {
            guard let use = use(of: expr), !use.passesInput else { return nil }
            keys.formUnion(use.keys)
        }
        return Use(keys: keys)
    }

    /// Expressions whose outputs are only tested for truth: the input itself may be one, as an
    /// object is true however many members it has.
    private static func truthUse(_ exprs: [Expr]) -> Use? {
        var keys: Set<String> = []
        for expr in exprs {
            guard let use = use(of: expr) else { return nil }
            keys.formUnion(use.keys)
        }
        return Use(keys: keys)
    }

    private static func objectUse(_ entries: [ObjectEntry]) -> Use? {
        var keys: Set<String> = []
        for entry in entries {
            switch (entry.key, entry.value) {
            case (.name(let name), nil):
                keys.insert(name)   // `{a}` is `{a: .a}`
            case (.computed(let key), _):
                guard let keyUse = valueUse([key]) else { return nil }
                keys.formUnion(keyUse.keys)
            case (.name, _), (.variable, _):
                break
            }
            if let value = entry.value {
                guard let valueUse = valueUse([value]) else { return nil }
                keys.formUnion(valueUse.keys)
            }
        }
        return Use(keys: keys)
    }

    /// Builtins whose use of their input is known; user functions never get here (`define`
    /// gives nil above), so a name is the builtin's.
    private static func callUse(_ name: String, _ arguments: [Expr]) -> Use? {
        switch (name, arguments.count) {
        case ("select", 1):
            guard let condition = truthUse(arguments) else { return nil }
            return Use(keys: condition.keys, passesInput: true)
        case ("not", 0), ("empty", 0), ("type", 0), ("now", 0):
            return .readsNothing   // an object's truth and type do not depend on its members
        case ("error", 1):
            return valueUse(arguments)
        default:
            return nil
        }
    }

    private static func hasComputedKey(_ pattern: Pattern) -> Bool {
        switch pattern {
        case .variable: false
        case .array(let items): items.contains(where: hasComputedKey)
        case .object(let entries): entries.contains { entry in
            if case .computed = entry.0 { return true }
            return entry.1.map(hasComputedKey) ?? false
        }
        }
    }
}
