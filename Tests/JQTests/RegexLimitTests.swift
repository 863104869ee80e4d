import InfinilistCore
import Testing
@testable import JQ

/// A regular expression that backtracks without end fails its item, as in jq (Oniguruma's
/// retry limit: jq's in a dump, a tenth of it on the screen), instead of freezing the screen or
/// a dump (decision 147).
@Suite struct RegexLimitTests {
    let catastrophic = #"{"s":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"}"#

    @Test func theScreensRowSaysWhy() throws {
        let query = try JQItemQuery.make(program: #".s | test("^(a+)+$")"#, raw: false, arguments: [], jsonArguments: [])
        let item = try JSONParser.parse(catastrophic)
        #expect {
            _ = try query.outputs(for: item)
        } throws: { error in
            guard let error = error as? ItemQueryError else { return false }
            // A tenth of jq's limit on the screen, and the rest of the page is not run again.
            return error.message.contains("retry-limit-in-match over") && error.message.contains("backtracked more than 1,000,000 times")
                && error.outOfSteps
        }
    }

    @Test func theDumpGoesOnToTheNextItem() throws {
        let query = try JQItemQuery.make(program: #".s | test("^(a+)+$")"#, raw: false, arguments: [], jsonArguments: [])
        #expect {
            _ = try query.lines(for: SharedText(catastrophic))
        } throws: { error in
            (error as? ItemQueryError)?.message.contains("backtracked more than 10,000,000 times") == true
        }
        #expect(try query.lines(for: SharedText(#"{"s":"aaa"}"#)) == ["true"])
    }

    @Test func aPatternIsCompiledOncePerThreadAndFlags() throws {
        let first = try JQRegex.compile(.string("a+"), .null)
        #expect(try JQRegex.compile(.string("a+"), .null) === first)
        #expect(try JQRegex.compile(.string("a+"), .string("g")) !== first)
    }
}
