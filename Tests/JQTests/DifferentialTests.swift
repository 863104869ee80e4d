import InfinilistCore
import Testing
@testable import JQ

/// Every case runs under /usr/bin/jq (jq 1.6) and under `JQ`: the outputs must be the same
/// lines, byte for byte, and an error in one must be an error in the other (with jq's message,
/// unless the case says the wording is ours).
@Suite struct DifferentialTests {
    @Test func tableIsLargeEnough() {
        #expect(differentialCases.count >= 150)
    }

    @Test(.enabled(if: JQOracle.available), arguments: differentialCases.filter { $0.jq17 == nil })
    func matchesJQ(_ c: Case) throws {
        let expected = try JQOracle.run(c.program, input: c.input)
        var lines: [String] = []
        var error: String?
        do {
            let program = try JQProgram(c.program)
            let input = try JSONParser.parse(c.input)
            do {
                try program.run(input) { lines.append(JQOutput.compact($0)) }
            } catch let e as JQRuntimeError {
                error = e.message
            }
        } catch let e as JQSyntaxError {
            Issue.record("syntax error: \(e.message)")
            return
        }
        #expect(lines == expected.lines, "outputs")
        let jqFailed = expected.exitCode != 0
        #expect((error != nil) == jqFailed, "jq exit \(expected.exitCode) \(expected.error ?? ""), ours: \(error ?? "no error")")
        if jqFailed, !c.messageDiffers, let error, let message = expected.error {
            #expect(error == message, "message")
        }
    }

    /// Where jq 1.7.1 and the machine's jq 1.6 differ, the engine writes 1.7.1's lines; jq 1.6
    /// still writes its own (checked, so a newer /usr/bin/jq shows up here instead of passing).
    @Test(arguments: differentialCases.filter { $0.jq17 != nil })
    func followsJQ17WhereItDiffersFrom16(_ c: Case) throws {
        let program = try JQProgram(c.program)
        var lines: [String] = []
        try program.run(try JSONParser.parse(c.input)) { lines.append(JQOutput.compact($0)) }
        #expect(lines == c.jq17)
        if JQOracle.available {
            #expect(try JQOracle.run(c.program, input: c.input).lines != c.jq17, "/usr/bin/jq now writes 1.7's lines: make this an ordinary case")
        }
    }
}
