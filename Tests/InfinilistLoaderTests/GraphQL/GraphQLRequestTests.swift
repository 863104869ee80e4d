import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The body of a GraphQL request, byte for byte, and every check made on the query and its
/// variables before anything is sent.
@Suite struct GraphQLRequestTests {
    private func request(_ query: String, _ vars: [String] = [], cursorVariable: String? = nil) throws(SourceOptionError) -> GraphQLRequest {
        try GraphQLRequest(query: query, assignments: vars, cursorVariable: cursorVariable)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func message(_ query: String, _ vars: [String] = [], cursorVariable: String? = nil) -> String? {
        do {
            _ = try request(query, vars, cursorVariable: cursorVariable)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theBodyHoldsTheQueryTheVariablesAndTheCursor() throws {
        let query = "query($owner: String!, $first: Int, $labels: [String!], $cursor: String) {\n  repository(owner: $owner) { id }\n}"
        let graphQL = try request(query, ["owner=apple", "first=50", #"labels=["bug","good first issue"]"#])
        let escaped = #"query($owner: String!, $first: Int, $labels: [String!], $cursor: String) {\n  repository(owner: $owner) { id }\n}"#
        #expect(text(graphQL.body(cursor: nil)) == #"{"query":"\#(escaped)","variables":{"owner":"apple","first":50,"labels":["bug","good first issue"],"cursor":null}}"#)
        #expect(text(graphQL.body(cursor: "Y3Vy==")) == #"{"query":"\#(escaped)","variables":{"owner":"apple","first":50,"labels":["bug","good first issue"],"cursor":"Y3Vy=="}}"#)
    }

    @Test(arguments: [
        ("n=50", "50"), ("n=-1.5e3", "-1.5e3"), ("n=true", "true"), ("n=null", "null"), (#"n="123""#, #""123""#),
        ("n=apple", #""apple""#), ("n=", #""""#), ("n=a=b", #""a=b""#), (#"n={"a": 1}"#, #"{"a":1}"#), ("n=[1, 2", #""[1, 2""#),
        ("$n=x", #""x""#),
    ])
    func aVariableIsJSONWhenItReadsAsJSONElseAString(assignment: String, sent: String) throws {
        let graphQL = try request("query($n: String, $cursor: String) { a }", [assignment])
        #expect(text(graphQL.body(cursor: nil)) == #"{"query":"query($n: String, $cursor: String) { a }","variables":{"n":\#(sent),"cursor":null}}"#)
    }

    @Test func aLaterVarForTheSameNameWinsInItsFirstPlace() throws {
        let graphQL = try request("query($a: Int, $b: Int, $cursor: String) { x }", ["a=1", "b=2", "a=3"])
        #expect(text(graphQL.body(cursor: nil)).hasSuffix(#""variables":{"a":3,"b":2,"cursor":null}}"#))
    }

    @Test(arguments: [
        ("query($cursor: String) { a }", "cursor", "the default"),
        ("query Issues($after: String, $first: Int) { a }", "after", "recognised in the query"),
        ("query($endCursor: String) { a }", "endCursor", "recognised in the query"),
        ("query($after: String, $cursor: String) { a }", "cursor", "the default"),
    ])
    func theCursorVariableIsRecognised(query: String, name: String, source: String) throws {
        let graphQL = try request(query)
        #expect(graphQL.cursorVariable == name)
        #expect(graphQL.cursorVariableSource == source)
    }

    @Test func cursorVarNamesIt() throws {
        let graphQL = try request("query($page: String, $after: String) { a }", cursorVariable: "$page")
        #expect(graphQL.cursorVariable == "page")
        #expect(text(graphQL.body(cursor: "x")).hasSuffix(#""variables":{"page":"x"}}"#))
    }

    @Test func aVarForTheCursorVariableIsTheFirstCursor() throws {
        let graphQL = try request("query($cursor: String!) { a }", ["cursor=start"])
        #expect(text(graphQL.body(cursor: nil)).hasSuffix(#""variables":{"cursor":"start"}}"#))
        #expect(text(graphQL.body(cursor: "next")).hasSuffix(#""variables":{"cursor":"next"}}"#))
        #expect(graphQL.firstCursor == "start")
    }

    /// What looks like a declaration inside a string, a comment, an argument list or a fragment
    /// declares nothing; fragments before the operation are skipped.
    @Test func onlyTheOperationsVariableDefinitionsCount() throws {
        let query = """
            # query($after: String)
            fragment F on Issue { title(format: "query($endCursor: String)") }
            query Q($owner: String! = "o", $cursor: String @deprecated(reason: "x"), $list: [[Int!]!] = [[1], [2]]) {
              repository(owner: $owner) { issues(after: $cursor) { ...F } }
              note: field(text: \"\"\"$after: String \\\"\"\" \"\"\")
            }
            """
        let declared = try GraphQLVariableDefinitions(parsing: query)
        #expect(declared.names == ["owner", "cursor", "list"])
        #expect(declared[name: "owner"]?.type == "String!")
        #expect(declared[name: "owner"]?.hasDefault == true)
        #expect(declared[name: "list"]?.type == "[[Int!]!]")
        #expect(declared[name: "cursor"]?.isNonNull == false)
    }

    @Test(arguments: [
        ("query { a }", [], nil, "--graphql: the query declares no cursor variable ($cursor, $after or $endCursor; it declares no variables): declare one, e.g. query($cursor: String) { … issues(first: 50, after: $cursor) { … } }, or name yours with --cursor-var NAME"),
        ("{ viewer { login } }", [], nil, "--graphql: the query declares no cursor variable ($cursor, $after or $endCursor; it declares no variables): declare one, e.g. query($cursor: String) { … issues(first: 50, after: $cursor) { … } }, or name yours with --cursor-var NAME"),
        ("query($owner: String) { a }", [], nil, "--graphql: the query declares no cursor variable ($cursor, $after or $endCursor; it declares $owner): declare one, e.g. query($cursor: String) { … issues(first: 50, after: $cursor) { … } }, or name yours with --cursor-var NAME"),
        ("query($after: String) { a }", [], "page", "--cursor-var page: the query declares no $page (it declares $after); declare it, e.g. query($page: String), and pass it to the connection: issues(first: 50, after: $page)"),
        ("query($after: String) { a }", [], "1x", "--cursor-var 1x: not a GraphQL variable name (letters, digits and _, not starting with a digit)"),
        ("query($after: String!) { a }", [], nil, "--graphql: the cursor variable $after is declared String!, but the first request has no cursor (it sends null): declare it as String, or give a first cursor with --var after=VALUE"),
        ("query($after: String) { a }", ["ownr=x"], nil, "--var ownr: the query declares no $ownr (it declares $after)"),
        ("query($after: String) { a }", ["owner"], nil, "--var owner: expected NAME=VALUE, e.g. --var owner=apple"),
        ("query($after: String) { a }", ["my-var=1"], nil, "--var my-var=1: 'my-var' is not a GraphQL variable name (letters, digits and _, not starting with a digit)"),
        ("   \n", [], nil, "--graphql: the query is empty"),
        ("query($after: String) { a(x: \"open }", [], nil, "--graphql: a string opened on line 1 is not closed on its line"),
        ("query($after String) { a }", [], nil, "--graphql: the variable $after has no type (line 1): write $after: String"),
        ("query($after: String { a }", [], nil, "--graphql: unexpected '{' in the variable definitions (line 1)"),
        ("query(\n$after: String", [], nil, "--graphql: the variable definitions opened on line 1 are not closed with ')'"),
    ] as [(String, [String], String?, String)])
    func aProblemIsAUsageErrorSayingWhatToDo(query: String, vars: [String], cursorVariable: String?, expected: String) {
        #expect(message(query, vars, cursorVariable: cursorVariable) == expected)
    }
}
