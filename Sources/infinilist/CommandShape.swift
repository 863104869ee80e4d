import ArgumentParser
import Foundation
import InfinilistLoader
import TOML

/// Which long names of the command are flags (`--mouse`, `--no-mouse`) and which take a value
/// (`--retries <n>`), read from the argument parser's own description of `CommandOptions` (the
/// JSON behind `--experimental-dump-help`), so that a config setting of the wrong type is named
/// as such, with no second list of settings to keep in step with the flags.
struct CommandShape: Sendable {
    private var flags: Set<String> = []
    /// An option's long name and its value's name (`retries` → `n`).
    private var valueNames: [String: String] = [:]
    /// One-letter names (`-H`, `-k`), and whether each takes a value.
    private(set) var shortNames: [Character: Bool] = [:]

    /// Every long name, flags and options (without `--`).
    var longNames: Set<String> { flags.union(valueNames.keys) }

    static let options = CommandShape(description: CommandOptions._dumpHelp())

    /// Read from the parser's JSON; a description that cannot be read gives a shape that knows
    /// no names, and the command's parser alone then judges each setting.
    init(description: String) {
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(description.utf8)) else { return }
        for argument in dump.command.arguments ?? [] {
            for name in argument.names ?? [] where name.kind == .short {
                guard let letter = name.name.first, name.name.count == 1 else { continue }
                shortNames[letter] = argument.kind == .option
            }
            for name in argument.names ?? [] where name.kind == .long {
                switch argument.kind {
                case .flag: flags.insert(name.name)
                case .option: valueNames[name.name] = argument.valueName ?? "value"
                case .positional: break
                }
            }
        }
    }

    /// What is wrong with giving the long option `name` the value `value` (as written in the
    /// file), when its type is wrong for it: a flag takes true or false, an option a value.
    func typeProblem(name: String, value: TOMLValue) -> String? {
        let isBoolean = if case .boolean = value { true } else { false }
        if flags.contains(name), !isBoolean {
            return "expected true or false, not \(value.asWritten)"
        }
        if let valueName = valueNames[name], isBoolean {
            return "expected a value for --\(name) <\(valueName)>, not \(value.asWritten)"
        }
        // A count given as a TOML float (`1e3`, `50.0`) is named as such, with the whole number
        // to write (hostile pass 3: ArgumentParser's "The value '1000.0' is invalid").
        if valueNames[name] == "n", case .float(let number) = value {
            let whole = number.isFinite && number.rounded() == number && abs(number) < 1e15 ? " (write \(Int64(number)))" : ""
            return "expected a whole number for --\(name) <n>, not the float \(value.asWritten)\(whole)"
        }
        return nil
    }

    /// The part of `ToolInfoV0` read here.
    private struct Dump: Decodable {
        struct Command: Decodable { let arguments: [Argument]? }
        struct Argument: Decodable {
            enum Kind: String, Decodable { case positional, option, flag }
            let kind: Kind
            let names: [Name]?
            let valueName: String?
        }
        struct Name: Decodable {
            enum Kind: String, Decodable { case long, short, longWithSingleDash }
            let kind: Kind
            let name: String
        }
        let command: Command
    }
}
