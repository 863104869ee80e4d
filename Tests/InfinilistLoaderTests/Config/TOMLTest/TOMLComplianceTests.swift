import InfinilistLoader
import Testing
@testable import TOML

/// The parser against cases of toml-lang/toml-test, the TOML project's own test suite (all 210
/// valid and 499 invalid files of its TOML 1.0 list pass; a representative set is kept here):
/// a valid file gives exactly the values it should, an invalid one is an error at its line,
/// never a crash nor a silent misreading.
@Suite struct TOMLComplianceTests {
    @Test(arguments: TOMLTestCase.all)
    func aValidFileGivesItsValues(_ testCase: TOMLTestCase) throws {
        let document = try TOMLParser.parse(testCase.toml)
        let mismatch = TOMLTestExpectation.mismatch(document, json: testCase.json)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test(arguments: TOMLInvalidCase.all)
    func anInvalidFileIsAnErrorAtItsLine(_ testCase: TOMLInvalidCase) {
        do {
            let document = try TOMLParser.parse(testCase.toml)
            Issue.record("parsed: \(document)")
        } catch {
            #expect(error.line == testCase.line, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func theSetIsRepresentative() {
        #expect(TOMLTestCase.all.count >= 40)
        #expect(TOMLInvalidCase.all.count >= 40)
        #expect(TOMLTestCase.validDates.count >= 10)
        #expect(TOMLInvalidCase.all.filter { $0.name.contains("date") || $0.name.contains("time") }.count >= 15)
    }

    /// The comparison itself can fail: each wrong expectation is told apart from the right one.
    @Test(arguments: [
        #"{"n": {"type": "integer", "value": "43"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00Z"}, "t": {"type": "time-local", "value": "07:32:00.5"}, "a": [{"type": "float", "value": "inf"}]}"#,
        #"{"n": {"type": "integer", "value": "42"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00+01:00"}, "t": {"type": "time-local", "value": "07:32:00.5"}, "a": [{"type": "float", "value": "inf"}]}"#,
        #"{"n": {"type": "integer", "value": "42"}, "d": {"type": "datetime-local", "value": "1979-05-27T07:32:00"}, "t": {"type": "time-local", "value": "07:32:00.5"}, "a": [{"type": "float", "value": "inf"}]}"#,
        #"{"n": {"type": "integer", "value": "42"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00Z"}, "t": {"type": "time-local", "value": "07:32:00.25"}, "a": [{"type": "float", "value": "inf"}]}"#,
        #"{"n": {"type": "integer", "value": "42"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00Z"}, "t": {"type": "time-local", "value": "07:32:00.5"}, "a": [{"type": "float", "value": "-inf"}]}"#,
        #"{"n": {"type": "string", "value": "42"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00Z"}, "t": {"type": "time-local", "value": "07:32:00.5"}, "a": [{"type": "float", "value": "inf"}]}"#,
        #"{"n": {"type": "integer", "value": "42"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00Z"}, "t": {"type": "time-local", "value": "07:32:00.5"}, "a": []}"#,
        #"{"n": {"type": "integer", "value": "42"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00Z"}, "t": {"type": "time-local", "value": "07:32:00.5"}}"#,
    ])
    func theComparisonSeesEveryDifference(wrong: String) throws {
        let document = try TOMLParser.parse("n = 42\nd = 1979-05-27 07:32:00z\nt = 07:32:00.500\na = [inf]\n")
        let right = #"{"n": {"type": "integer", "value": "42"}, "d": {"type": "datetime", "value": "1979-05-27T07:32:00Z"}, "t": {"type": "time-local", "value": "07:32:00.5"}, "a": [{"type": "float", "value": "inf"}]}"#
        #expect(TOMLTestExpectation.mismatch(document, json: right) == nil)
        #expect(TOMLTestExpectation.mismatch(document, json: wrong) != nil)
    }

    /// Through the config file, a parse error keeps the path and line form of every config message.
    @Test func anInvalidCaseInTheConfigFileNamesTheFileAndLine() throws {
        let testCase = try #require(TOMLInvalidCase.all.first { $0.name == "table/append-with-dotted-keys-01" })
        do {
            _ = try ConfigFile(text: testCase.toml, path: "/home/u/.config/infinilist/config.toml")
            Issue.record("parsed")
        } catch {
            #expect(error.message.hasPrefix("/home/u/.config/infinilist/config.toml line \(testCase.line): "), "\(error)")
        }
    }
}
