@testable import InfinilistCore
import JQ
import Testing

/// The reader of jq's test-file format (`make jq-conformance`) and what it judges, and the
/// jq 1.7 forms the suite holds that the differential table (jq 1.6) cannot check.
@Suite struct ConformanceTests {
    static let file = """
        # a comment

        .a
        {"a": 1}
        1

        .[]
        [1, 2]
        1
        3

        %%FAIL
        {(0):1}
        jq: error: Cannot use number (0) as object key at <top-level>, line 1:

        %%FAIL IGNORE MSG
        . as [] | null
        jq: error: syntax error

        import "a" as a; .
        null
        null

        .[]
        [1, 2]
        1
        """

    @Test func casesAreReadAsJQsRunnerReadsThem() {
        let cases = JQTestFile(text: Self.file).cases
        #expect(cases.map(\.line) == [3, 7, 13, 17, 20, 24])
        #expect(cases[1].expectation == .outputs(input: "[1, 2]", expected: ["1", "3"]))
        #expect(cases[2].expectation == .compileError(message: "jq: error: Cannot use number (0) as object key at <top-level>, line 1:"))
        #expect(cases[3].expectation == .compileError(message: nil))
    }

    @Test func verdictsCompareValuesInOrder() {
        let verdicts = JQTestFile(text: Self.file).cases.map { $0.run() }
        #expect(verdicts[0] == .passed)
        guard case .failed(.wrongOutput, let detail) = verdicts[1] else {
            Issue.record("\(verdicts[1])")
            return
        }
        #expect(detail == "expected 3, got 2")
        #expect(verdicts[2] == .passedWithOurMessage)
        #expect(verdicts[3] == .passed)
        #expect(verdicts[4] == .skipped(.modules))
        guard case .failed(.tooManyOutputs, _) = verdicts[5] else {
            Issue.record("\(verdicts[5])")
            return
        }
    }

    private func outputs(_ program: String, _ input: String = "null") throws -> [String] {
        try JQProgram(program).outputs(try JSONParser.parse(input)).map(JQOutput.compact)
    }

    /// `?//`: each pattern in turn while binding or the body fails; every variable is bound.
    @Test func destructuringAlternatives() throws {
        let program = ".[] | . as {$a, b: [$c, {$d}]} ?// [$a, {$b}, $e] ?// $f | [$a, $b, $c, $d, $e, $f]"
        #expect(try outputs(program, #"[{"a":1,"b":[2,{"d":3}]},[4,{"b":5,"c":6},7,8,9],"foo"]"#)
            == ["[1,null,2,3,null,null]", "[4,5,null,null,7,null]", "[null,null,null,null,null,\"foo\"]"])
        #expect(try outputs(".[] as {a:$a} ?// $a | $a", "[[3],{\"a\":4}]") == ["[3]", "4"])
        #expect(throws: JQRuntimeError.self) { try outputs(".[] as {a:$a} ?// {a:$a} | $a", "[[3]]") }
    }

    @Test func jq17Builtins() throws {
        #expect(try outputs("pick(.a.b.c)") == [#"{"a":{"b":{"c":null}}}"#])
        #expect(try outputs("pick(first)", "[1,2]") == ["[1]"])
        #expect(try outputs("map(abs)", "[-10, 0, 1.5, \"x\"]") == [#"[10,0,1.5,"x"]"#])
        #expect(try outputs("bsearch(0, 2, 4)", "[1,2,3]") == ["-1", "1", "-4"])
        #expect(try outputs("builtins | map(select(. == \"pick/1\" or . == \"map/1\")) | sort") == [#"["map/1","pick/1"]"#])
        #expect(try outputs(#"1 as $x | "2" as $y | {$x, as, $y: 4, if: 6}"#, #"{"as":8}"#) == [#"{"x":1,"as":8,"2":4,"if":6}"#])
        #expect(try outputs("JOIN({\"1\": \"one\"}; .[0] | tostring)", "[[1], [2]]") == [#"[[[1],"one"],[[2],null]]"#])
        #expect(throws: JQSyntaxError.self) { try JQProgram("{(0):1}") }
        #expect(try outputs("@base32, (@base32 | @base32d)", #""hello""#) == [#""NBSWY3DP""#, #""hello""#])
        #expect(try outputs("trim, ltrim, rtrim", #"" a b\n""#) == [#""a b""#, #""a b\n""#, #"" a b""#])
        #expect(try outputs("debug(\"x\"), stderr, (halt | 1)", "2") == ["2", "2"])
        #expect(throws: JQRuntimeError.self) { try outputs("halt_error", #""stop""#) }
    }

    /// Review findings (session 24): a total order with NaN and long numbers, deletions at once,
    /// truncated fractional positions, `halt` ending the item's outputs.
    @Test func orderDeletionPositionsAndHalt() throws {
        #expect(try outputs("[nan == nan, nan < 1, nan > 1, ([3, nan, 1] | sort | map(isnan))]") == ["[false,true,false,[true,false,false]]"])
        let a = "13911860366432393", b = "13911860366432392", c = "1.3911860366432393e16"
        #expect(try outputs("[\(a), \(c), \(b)] | unique | length") == ["2"])
        #expect(try outputs("[\(c), \(a), \(b)] | unique | length") == ["2"])
        #expect(try outputs("\(a) == \(c), \(a) > \(b)") == ["true", "true"])
        #expect(try outputs("[range(8)] | del(.[5], .[2:4]), del(.[2:4], .[3:5]), del(.[0], .[0]), del(.[-8], .[0])")
            == ["[0,1,4,6,7]", "[0,1,5,6,7]", "[1,2,3,4,5,6,7]", "[1,2,3,4,5,6,7]"])
        #expect(try outputs("[0,1,2,3] | [.[-0.5], .[-1.5]], (.[-1.5] |= . + 10)") == ["[0,3]", "[0,1,2,13]"])
        #expect(try outputs("[1, halt, 2]") == [])
        #expect(try outputs("1, halt, 2") == ["1"])
        #expect(throws: JQRuntimeError.self) { try outputs(#"try ("x" | halt_error) catch ."#) }
        #expect(throws: JQRuntimeError.self) { try outputs("null | abs") }
        #expect(try outputs(#""" * 1e9"#) == [#""""#])
    }

    /// On the screen a program has a step budget per item (the event loop runs it): a run that
    /// never ends stops, `try` does not swallow that, and the rest of the page is not run again.
    @Test func aRunStopsAtItsStepBudget() throws {
        #expect(throws: JQStepLimit.self) { try JQProgram("repeat(1)").run(.null, steps: 1_000) { _ in } }
        #expect(throws: JQStepLimit.self) { try JQProgram("try (range(1e12) | empty) catch 0").run(.null, steps: 1_000) { _ in } }
        var count = 0
        try JQProgram("range(10)").run(.null, steps: 1_000) { _ in count += 1 }
        #expect(count == 10)
        let query = try JQItemQuery.make(program: "repeat(1)", raw: false, arguments: [], jsonArguments: [])
        let rows = RowQuery(program: "repeat(1)", query: query).rows(of: (0..<3).map { Item(json: "{\"id\":\($0)}", text: "") }, values: nil)
        #expect(rows.items.count == 3)
        #expect(rows.items.allSatisfy { $0.kind == .problem && $0.text.contains("stopped after 5,000,000 steps") })
    }

    /// All the items of one run on the screen (a key at the `|` prompt, a page) share a budget
    /// too (`RunBudget`): a program each item allows can still not freeze the screen over many
    /// items, or fill the memory with rows; past it, the items left say why (hostile pass of
    /// session 30).
    @Test func aRunOverManyItemsStopsAtTheirSharedBudget() throws {
        let items = (0..<20).map { Item(json: "{\"id\":\($0)}", text: "") }
        func rows(_ program: String, _ budget: RunBudget) throws -> [Item] {
            let query = try JQItemQuery.make(program: program, raw: false, arguments: [], jsonArguments: [])
            return RowQuery(program: program, query: query).rows(of: items, values: nil, table: nil, budget: budget).items
        }
        // Each item takes three hundred steps and more: some are made, then the shared steps are spent.
        let heavy = try rows("reduce range(300) as $i (0; . + 1)", RunBudget(steps: 1_000, rows: 1_000))
        let made = heavy.prefix { $0.kind != .problem }
        #expect(made.count >= 1 && made.count < 20, "\(made.count) items made")
        #expect(made.allSatisfy { $0.json == "300" })
        #expect(heavy.count == 20)
        #expect(heavy.dropFirst(made.count).allSatisfy { $0.kind == .problem && $0.text.contains("more steps than the screen allows for all these items together") })
        // Ten rows an item, fifty at most: five items' rows, then the fifteen left say why.
        let many = try rows("range(10)", RunBudget(steps: 1_000_000, rows: 50))
        #expect(many.prefix(50).allSatisfy { $0.kind == .value })
        #expect(many.count == 50 + 15)
        #expect(many.dropFirst(50).allSatisfy { $0.kind == .problem && $0.text.contains("made more rows than the screen allows for all these items together (1,000,000;") })
        // Bytes: the values' JSON, 30 bytes at most: a few items' rows, then the rest say why.
        let long = try rows(#"{s: "0123456789"}"#, RunBudget(steps: 1_000_000, rows: 1_000, bytes: 30))
        #expect(long.prefix { $0.kind == .value }.count == 1)
        #expect(long.last?.text.contains("made more JSON than the screen allows for all these items together (256 MiB;") == true)
        // One value made too large by doubling (a few steps, all the memory) fails its item.
        let doubling = try rows("[.] | until(length > 1e8; . + .) | length", RunBudget(steps: 1_000_000, rows: 1_000))
        #expect(doubling.first?.kind == .problem)
        #expect(doubling.first?.text.contains("array too large for the screen (over 1048576 elements") == true, "\(doubling.first?.text ?? "")")
        let repeated = try rows(#""x" * 100000000 | length"#, RunBudget(steps: 1_000_000, rows: 1_000))
        #expect(repeated.first?.text.contains("string too large for the screen (over 16777216 bytes") == true)
        // A cheap program is not stopped by a budget it stays within.
        #expect(try rows(".id", RunBudget(steps: 1_000, rows: 1_000)).map(\.json) == (0..<20).map { "\($0)" })
        // A run that stopped says so: the `|` prompt then reads the list again on Enter, as pages
        // run one by one may give other rows.
        let query = try JQItemQuery.make(program: "range(10)", raw: false, arguments: [], jsonArguments: [])
        #expect(RowQuery(program: "range(10)", query: query).pageRows(of: items, values: nil, table: nil, budget: RunBudget(steps: 1_000_000, rows: 50)).stopped)
        #expect(!RowQuery(program: "range(10)", query: query).pageRows(of: items, values: nil, table: nil, budget: .screen).stopped)
    }

    /// `--dump` holds an item's lines until it is done: a program past its step budget stops the
    /// dump (status 5, said on stderr) instead of filling memory.
    @Test func aDumpStopsAtAProgramThatNeverEnds() throws {
        var model = DumpModel(maxItems: nil, verbose: false, writesText: false, follow: nil)
        model.query = JQItemQuery(program: try JQProgram("repeat(1)"), dumpSteps: 1_000)
        var request: PageRequest?
        for case .load(let r) in model.start() { request = r }
        let page = try #require(request)
        let effects = model.update(.pageLoaded(PageResult(request: page, items: [Item(json: #"{"a":1}"#, text: ""), Item(json: #"{"a":2}"#, text: "")])), at: 0)
        #expect(effects.contains { if case .report(let text) = $0 { return text.contains("--jq failed on item 1: stopped after 1,000 steps") } else { return false } })
        #expect(effects.contains { if case .quit(5, _) = $0 { return true } else { return false } })
        #expect(!effects.contains { if case .load = $0 { return true } else { return false } })
    }
}
