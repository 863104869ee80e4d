import InfinilistCore
import Testing
@testable import JQ

/// `--arg`/`--argjson` variables, `$ENV`, `JQOutput.raw` (`jq -r`), recursion limits, reuse.
@Suite struct VariablesAndRawTests {
    @Test(.enabled(if: JQOracle.available)) func variablesMatchArgAndArgjson() throws {
        let program = "[$name, $n + 1, $obj.k, ($ENV | has(\"PATH\")), (env.PATH == $ENV.PATH)]"
        let expected = try JQOracle.run(program, input: "null",
                                        arguments: ["--arg", "name", "ann", "--argjson", "n", "41", "--argjson", "obj", #"{"k":[1]}"#])
        let ours = try JQProgram(program, variables: [
            "name": .string("ann"), "n": .number("41"), "obj": try JSONParser.parse(#"{"k":[1]}"#),
        ]).outputs(.null).map(JQOutput.compact)
        #expect(ours == expected.lines)
    }

    @Test(.enabled(if: JQOracle.available)) func rawOutputMatchesJQDashR() throws {
        let input = #"["a\tb", "é\u007f", 1.50, null, {"x":"y"}, [1], "line\nbreak"]"#
        let expected = try JQOracle.run(".[]", input: input, arguments: ["-r"])
        let ours = try JQProgram(".[]").outputs(try JSONParser.parse(input)).map(JQOutput.raw)
        #expect(ours.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected.lines)
    }

    @Test func unboundedRecursionIsAnErrorNotACrash() throws {
        let program = try JQProgram("def f: 1 + f; f")
        #expect(throws: JQRuntimeError.self) { try program.outputs(.null) }
    }

    @Test func deepButBoundedRecursionWorks() throws {
        let program = try JQProgram("def f: if . < 500 then . + 1 | f else . end; f")
        #expect(try program.outputs(.number("0")) == [.number("500")])
    }

    @Test func aProgramRunsOnManyInputs() throws {
        let program = try JQProgram(".a // \"none\"")
        #expect(try program.outputs(try JSONParser.parse(#"{"a":1}"#)) == [.number("1")])
        #expect(try program.outputs(.null) == [.string("none")])
    }

    @Test func emitErrorsPassThroughTry() throws {
        struct Stop: Error {}
        let program = try JQProgram("try (1, 2) catch \"caught\"")
        var seen: [JSONValue] = []
        #expect(throws: Stop.self) {
            try program.run(.null) { v in
                seen.append(v)
                throw Stop()
            }
        }
        #expect(seen == [.number("1")])
    }

    @Test func runtimeErrorCarriesTheValue() throws {
        do {
            _ = try JQProgram("error({a: 1})").outputs(.null)
            Issue.record("no error")
        } catch let e as JQRuntimeError {
            #expect(e.value == .object(["a": .number("1")]))
            #expect(e.message == #"(not a string): {"a":1}"#)
        }
    }
}
