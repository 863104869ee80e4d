import Testing
@testable import JQ

/// Syntax errors name the token and its column (1-based, in characters) and say what was
/// expected, so a user can fix the program without knowing the grammar.
@Suite struct SyntaxErrorTests {
    func error(_ program: String) -> JQSyntaxError? {
        do {
            _ = try JQProgram(program)
            return nil
        } catch {
            return error
        }
    }

    @Test func unexpectedClosingBracket() {
        let e = error(".a | [1, ]")
        #expect(e?.column == 10)
        #expect(e?.message == "unexpected `]` at column 10; expected an expression")
    }

    @Test func columnsCountCharactersNotBytes() {
        let e = error("\"é\" | ]")
        #expect(e?.column == 7)
    }

    @Test func unterminatedString() {
        let e = error(".a + \"abc")
        #expect(e?.column == 6)
        #expect(e?.message.contains("unterminated string") == true)
    }

    @Test func missingEnd() {
        let e = error("if . then 1 else 2")
        #expect(e?.message == "unexpected end of the program; expected `end`")
    }

    @Test func trailingGarbage() {
        let e = error(".a .b )")
        #expect(e?.column == 7)
        #expect(e?.message.contains("unexpected `)`") == true)
    }

    @Test func undefinedFunctionAndVariable() {
        #expect(error("foo(1)")?.message == "unknown function 'foo/1' at column 1")
        #expect(error("map(selct(.a))")?.message == "unknown function 'selct/1' at column 5; did you mean 'select/1'?")
        #expect(error("foo(1)")?.column == 1)
        #expect(error(". | $nope")?.column == 5)
    }

    @Test func badEscapeAndCharacter() {
        #expect(error("\"a\\q\"")?.column == 3)
        #expect(error(". ^ 1")?.message == "unexpected character `^` at column 3")
    }

    @Test func chainedComparisonAsksForParentheses() {
        #expect(error("1 < 2 < 3")?.column == 7)
    }

    @Test func validProgramsParse() {
        #expect(error("def f(g; $x): g + $x; f(.; 1) | {a, \"b\": 2, (.c): 3, $__loc__}") == nil)
    }
}
