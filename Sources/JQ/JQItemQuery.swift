import ArgumentParser
import InfinilistCore
import JQ

/// `--jq PROGRAM` for `--dump`: each item's JSON through the `JQ` target's program, its outputs
/// written as `jq -c` writes them (`-r`: strings raw, as `jq -r`). The program is parsed and
/// compiled once, when the command line is read, so a syntax error is a usage error before any
/// request.
struct JQItemQuery: ItemQuery {
    let program: JQProgram
    let raw: Bool

    func lines(for itemJSON: String) throws(ItemQueryError) -> [String] {
        let item: JSONValue
        do {
            item = try JSONParser.parse(itemJSON)
        } catch {
            // A row of text (a pipe's line that is not JSON) is a JSON string to jq's `-R`; here
            // it is what the dump would write for it, a string.
            item = .string(itemJSON)
        }
        var lines: [String] = []
        do {
            try program.run(item) { lines.append(raw ? JQOutput.raw($0) : JQOutput.compact($0)) }
        } catch let error as JQRuntimeError {
            throw ItemQueryError(error.message)
        } catch {
            throw ItemQueryError(String(describing: error))
        }
        return lines
    }

    /// The program and its variables as the command line gives them; the message names what is
    /// wrong (the column of a syntax error, the variable whose JSON does not parse).
    static func make(program: String, raw: Bool, arguments: [String], jsonArguments: [String]) throws -> JQItemQuery {
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
                throw ValidationError("--argjson \(name): the value is not JSON: \(error)")
            }
        }
        do {
            return JQItemQuery(program: try JQProgram(program, variables: variables), raw: raw)
        } catch {
            throw ValidationError("--jq: \(error.message)")
        }
    }

    private static func split(_ pair: String, option: String) throws -> (String, String) {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw ValidationError("\(option) takes a name and a value: \(option) NAME VALUE")
        }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
}
