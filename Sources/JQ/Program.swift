import InfinilistCore

/// A compiled jq program: parsed once and compiled to closures once, then run on any number of
/// inputs cheaply and from any thread (it holds no mutable state).
public struct JQProgram: Sendable {
    private let code: Code
    private let root: Env?
    /// The members of an object input the program can read (`InputKeys`); nil when it may
    /// read the input whole. An input built with only these members gives the same outputs.
    public let inputKeys: Set<String>?

    /// Parses and compiles `source`. `variables` are the `--arg`/`--argjson` values, seen as
    /// `$name`; `$ENV` and `env` are the process environment.
    public init(_ source: String, variables: [String: JSONValue] = [:]) throws(JQSyntaxError) {
        let program = try Parser.parse(source)
        inputKeys = InputKeys.of(program)
        var compiler = Compiler()
        var root: Env? = nil
        let globals = [("ENV", Builtins.environment)] + variables.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        for (name, value) in globals {
            compiler.scope.append(.variable(name, index: compiler.runtimeCount))
            compiler.runtimeCount += 1
            root = Env(parent: root, slot: .value(value))
        }
        code = try compiler.compileWithPrelude(program)
        self.root = root
    }

    /// Runs the program on `input`, calling `emit` with each output in order. Throws
    /// `JQRuntimeError` on the first error (after emitting the outputs before it), as jq does,
    /// or whatever `emit` throws.
    public func run(_ input: JSONValue, _ emit: (JSONValue) throws -> Void) throws {
        try run(input, steps: nil, emit)
    }

    /// `run` within a budget of `steps` (calls of jq functions, values `range` and `repeat`
    /// make; nil: none): past it the run stops with `JQStepLimit`, its outputs so far given.
    /// `regexRetries`: how often one regex search may backtrack (nil: jq's 10,000,000).
    public func run(_ input: JSONValue, steps: Int?, regexRetries: UInt? = nil, _ emit: (JSONValue) throws -> Void) throws {
        do {
            try Fuel.run(steps: steps, regexRetries: regexRetries) { try code(PV(input), root) { try emit($0.value) } }
        } catch let stop as Stop {
            _ = stop
            throw JQRuntimeError("break")
        } catch let halt as Halt {
            if let message = halt.message { throw JQRuntimeError(message) }
        }
    }

    /// Every output of the program for `input`.
    public func outputs(_ input: JSONValue) throws -> [JSONValue] {
        var out: [JSONValue] = []
        try run(input) { out.append($0) }
        return out
    }
}
