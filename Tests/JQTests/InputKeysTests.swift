import InfinilistCore
import Testing
import TestThreads
@testable import JQ

/// `--dump --jq` builds only the members of an item its program can read (`InputKeys`). The
/// answer must never change an output: each program here runs on items built whole and on
/// items built with only those members, and both must give the same lines and the same error.
/// Seconds of CPU: on a thread of its own, so the cooperative pool stays free for tests that wait.
@Suite(.ownThread) struct InputKeysTests {
    func keys(_ program: String) throws -> Set<String>? {
        try JQProgram(program).inputKeys
    }

    @Test func theIssuesProgramReadsFourMembers() throws {
        #expect(try keys(#"select(.user.login == "user7" and .state == "open") | {id, title}"#) == ["user", "state", "id", "title"])
        #expect(try keys("select(.comments > 6) | {id, title, login: .user.login}") == ["comments", "id", "title", "user"])
        #expect(try keys(".labels[] | .name") == ["labels"])
        #expect(try keys(#"if .draft then empty else "\(.number): \(.title)" end"#) == ["draft", "number", "title"])
        #expect(try keys(".a as $x | .b | . + $x") == ["a", "b"])
        #expect(try keys("[.a, .b] | length") == ["a", "b"])
        #expect(try keys("1, 2") == [])
    }

    @Test func aProgramThatMaySeeTheWholeInputReadsEverything() throws {
        for program in [".", "select(.a)", "{a: .}", "keys", "has(\"a\")", ". as $x | $x.a", "def f: .a; f",
                        "to_entries", "tojson", "..", ".[]", "length", ".a = 1", "del(.a)", "[paths]",
                        "reduce .[] as $x (0; . + $x)", ".[\"a\", \"b\"]", ".[.k]", "@base64", "\"\\(.)\"",
                        "if .a then .b end", ".a // .", ". == {}", "[.]", "getpath([\"a\"])", "error",
                        "tostream", "with_entries(.)", "map_values(.)", "limit(1; .)"] {
            #expect(try keys(program) == nil, "\(program)")
        }
    }

    @Test func sameOutputsOnTheDifferentialCases() throws {
        var compared = 0
        for c in differentialCases {
            guard let program = try? JQProgram(c.program), program.inputKeys != nil else { continue }
            compared += try compare(program, c.program, on: c.input) ? 1 : 0
        }
        #expect(compared >= 25, "only \(compared) cases had an object input and a known set of members")
    }

    /// Random programs over random objects: the generator makes both forms the rules allow and
    /// forms they refuse, so both answers are exercised.
    @Test func sameOutputsOnRandomProgramsAndItems() throws {
        var random = SeededRandom(seed: 35)
        var keyed = 0
        for _ in 0..<3_000 {
            let text = ProgramGenerator.program(depth: 3, using: &random)
            guard let program = try? JQProgram(text) else {
                Issue.record("the generator made a program that does not compile: \(text)")
                continue
            }
            guard program.inputKeys != nil else { continue }
            keyed += 1
            for _ in 0..<3 {
                _ = try compare(program, text, on: ProgramGenerator.object(using: &random))
            }
        }
        #expect(keyed >= 500, "only \(keyed) of 3,000 programs had a known set of members")
    }

    /// Runs `program` on `input` parsed whole and parsed keeping only its members; false when
    /// the input is not an object (nothing to compare).
    private func compare(_ program: JQProgram, _ text: String, on input: String) throws -> Bool {
        let whole = try JSONParser.parse(input)
        guard case .object = whole, let keys = program.inputKeys else { return false }
        let kept = try Array(input.utf8).withUnsafeBufferPointer { try JSONParser.parse($0, keeping: .init(keys)) }
        #expect(run(program, whole) == run(program, kept), "\(text)  <<<  \(input)")
        return true
    }

    private func run(_ program: JQProgram, _ input: JSONValue) -> [String] {
        var lines: [String] = []
        do {
            try program.run(input, steps: 100_000) { lines.append(JQOutput.compact($0)) }
        } catch let error as JQRuntimeError {
            lines.append("error: " + error.message)
        } catch {
            lines.append("stopped: \(error)")
        }
        return lines
    }
}
