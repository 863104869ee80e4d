import InfinilistCore

/// A jq program as infinilist's `--jq` runs it on each item: for `--dump`, its outputs written as
/// `jq -c` writes them (`-r`: strings raw, as `jq -r`); on the screen, its outputs as rows
/// (`RowQuery`). The program is parsed and compiled once, when the command line is read, so a
/// syntax error is a usage error before any request.
public struct JQItemQuery: ItemQuery {
    let program: JQProgram
    let raw: Bool
    /// The members of an item the program reads (`JQProgram.inputKeys`): the rest are skipped.
    let members: JSONParser.MemberSelection?
    /// The step budgets of one item (`dumpSteps`, `screenSteps` unless a test gives smaller).
    let dumpLimit: Int
    let screenLimit: Int

    public init(program: JQProgram, raw: Bool = false, dumpSteps: Int = Self.dumpSteps, screenSteps: Int = Self.screenSteps) {
        self.program = program
        self.raw = raw
        members = program.inputKeys.map(JSONParser.MemberSelection.init)
        dumpLimit = dumpSteps
        screenLimit = screenSteps
    }

    public func lines(for itemJSON: SharedText) throws(ItemQueryError) -> [String] {
        // A row of text (a pipe's line that is not JSON) is a JSON string to jq's `-R`; here
        // it is what the dump would write for it, a string.
        // An item's JSON is checked compact JSON, so the members the program never reads can
        // be skipped unchecked (`InputKeys`).
        let item = itemJSON.withUTF8 { bytes in
            if let members { try? JSONParser.parse(bytes, keeping: members) } else { try? JSONParser.parse(bytes) }
        } ?? .string(itemJSON.string)
        var lines: [String] = []
        try run(item, steps: dumpLimit, why: ", a guard against a program that never ends (its lines are held until the item is done)") {
            lines.append(raw ? JQOutput.raw($0) : JQOutput.compact($0))
        }
        return lines
    }

    /// How many steps a program may take on one item (or the slurped array) with `--dump`: an
    /// item's lines are held until it is done, so `repeat(1)` would fill memory rather than
    /// stream as jq's does, out of reach of Ctrl-C (the loop reads signals between pages).
    public static let dumpSteps = 20_000_000

    /// How many steps a program may take on one item on the screen (about a second): it runs in
    /// the event loop, and `repeat(1)` typed at the prompt must not freeze the terminal.
    public static let screenSteps = 5_000_000

    public func withinSteps<T>(_ steps: Int, _ body: () -> T) -> T {
        Fuel.pool(steps: steps, body)
    }

    public func outputs(for item: JSONValue) throws(ItemQueryError) -> [JSONValue] {
        var outputs: [JSONValue] = []
        try run(item, steps: screenLimit, regexRetries: Self.screenRegexRetries, maxSize: Self.screenMaxSize, why: " (the screen's limit)") { outputs.append($0) }
        return outputs
    }

    /// The largest string `+` and `*` may make on the screen, in bytes (an array: a sixteenth of
    /// it in elements): a program doubling a value stops there rather than take the memory.
    public static let screenMaxSize = 1 << 24

    /// How often one regex search may backtrack on the screen: a tenth of jq's limit, about
    /// 10 ms. A pattern that backtracks without end would otherwise cost every item it fails on
    /// a tenth of a second, at every key typed at the `|` prompt.
    public static let screenRegexRetries: UInt = 1_000_000

    /// The program on `item` within `steps`, its failures as `ItemQueryError` (`why` says, after
    /// "stopped after N steps on one item", what the limit is for).
    private func run(_ item: JSONValue, steps: Int, regexRetries: UInt? = nil, maxSize: Int? = nil, why: String, _ emit: (JSONValue) -> Void) throws(ItemQueryError) {
        do {
            try Fuel.limitingSize(maxSize) { try program.run(item, steps: steps, regexRetries: regexRetries) { emit($0) } }
        } catch is JQStepLimit {
            if Fuel.poolSpent {
                throw ItemQueryError("stopped: the program took more steps than the screen allows for all these items together (--dump --jq has no such limit)", outOfSteps: true)
            }
            throw ItemQueryError("stopped after \(Counted.text(steps, "step", grouped: true)) on one item" + why, outOfSteps: true)
        } catch let error as JQRuntimeError {
            // A regex that ran out of retries would likely do so on the next items too: the
            // screen then stops running the program for the rest of the page, as for steps.
            throw ItemQueryError(error.message, outOfSteps: error.exhausted)
        } catch {
            throw ItemQueryError(String(describing: error))
        }
    }

    /// The program and its variables as the command line gives them (`--arg NAME=VALUE`,
    /// `--argjson NAME=JSON`); the `JQSetupError` names what is wrong (the column of a syntax
    /// error, the variable whose JSON does not parse).
    public static func make(program: String, raw: Bool, arguments: [String], jsonArguments: [String]) throws(JQSetupError) -> JQItemQuery {
        var variables: [String: JSONValue] = [:]
        for pair in arguments {
            let (name, value) = try split(pair, option: "--arg")
            variables[name] = .string(value)
        }
        for pair in jsonArguments {
            let (name, text) = try split(pair, option: "--argjson")
            do {
                variables[name] = try JSONParser.parse(text)
            } catch {
                throw JQSetupError("--argjson \(name): the value is not JSON: \(error)")
            }
        }
        do {
            return JQItemQuery(program: try JQProgram(program, variables: variables), raw: raw)
        } catch {
            throw JQSetupError("--jq: \(error.message)", column: error.column)
        }
    }

    private static func split(_ pair: String, option: String) throws(JQSetupError) -> (String, String) {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw JQSetupError("\(option) takes a name and a value: \(option) NAME VALUE")
        }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
}

/// Why a program could not be set up from a command line: one line naming the option and what is
/// wrong with it.
public struct JQSetupError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// Where in the program a syntax error is (1-based, in characters); nil for other mistakes.
    public let column: Int?
    public init(_ message: String, column: Int? = nil) {
        self.message = message
        self.column = column
    }
    public var description: String { message }
}

extension JQItemQuery {
    /// How the `|` prompt compiles what is typed, with the command line's `--arg`/`--argjson`
    /// (`NAME=VALUE` each): a program that does not compile says why and where ("at column 5:
    /// unexpected end of the program"), as the prompt shows it.
    public static func promptCompiler(arguments: [String] = [], jsonArguments: [String] = [], formatter: ItemFormatter? = ItemFormatter()) -> QueryCompiler {
        QueryCompiler(formatter: formatter) { program in
            do throws(JQSetupError) {
                return .success(try make(program: program, raw: false, arguments: arguments, jsonArguments: jsonArguments))
            } catch {
                var message = error.message.hasPrefix("--jq: ") ? String(error.message.dropFirst(6)) : error.message
                if let column = error.column, !message.contains("column") { message = "at column \(column): " + message }
                return .failure(ItemQueryError(message))
            }
        }
    }
}
