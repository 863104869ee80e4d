import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Reading and filling request bodies: a placeholder in a JSON body is a whole value of the right
/// type, a member without a value is left out, strings with braces stay text, form bodies are
/// filled like a query, and every mistake names its line and column.
@Suite struct BodyTemplateTests {
    private func fill(
        _ text: String,
        contentType: String? = nil,
        cursor: String? = nil,
        last: [String: JSONValue] = [:],
        page: Int = 1
    ) throws -> String {
        let template = try BodyTemplate.parse(text, contentType: contentType)
        let key = PageKey(page: page, offset: 40, cursor: cursor, lastItem: last)
        return String(decoding: template.fill { key.value(of: $0, limit: 20) }, as: UTF8.self)
    }

    @Test func aPlaceholderIsAWholeValueOfItsType() throws {
        let notion = #"{"start_cursor": "{cursor}", "page_size": {limit}}"#
        #expect(try fill(notion, cursor: "3c1e-\"quoted\"") == #"{"start_cursor":"3c1e-\"quoted\"","page_size":20}"#)
        #expect(try fill(#"{"p": {page}, "o": "{offset}", "c": {cursor}}"#, cursor: "x", page: 3) == #"{"p":3,"o":40,"c":"x"}"#)
        let sort: JSONValue = .array([.number("1700000000123"), .string("log-7")])
        #expect(try fill(#"{"search_after": {last.sort}, "id": "{last.id}"}"#, last: ["sort": sort, "id": .number("12345678901234567890")])
            == #"{"search_after":[1700000000123,"log-7"],"id":12345678901234567890}"#)
    }

    @Test func aMemberWithoutAValueIsLeftOutOfItsObject() throws {
        #expect(try fill(#"{"start_cursor": "{cursor}", "page_size": {limit}}"#) == #"{"page_size":20}"#)
        #expect(try fill(#"{"a": {"after": {cursor}}, "list": [{cursor}, 1]}"#) == #"{"a":{},"list":[1]}"#)
        #expect(try fill(#"{"search_after": {last.sort}}"#) == "{}")
    }

    @Test func stringsThatAreNotExactlyAPlaceholderStayText() throws {
        let query = #"{"query": "query($cursor: String) { viewer { issues(after: $cursor) { nodes { id } } } }", "v": "{ id }", "w": "after {cursor}", "x": "\u007Bcursor}"}"#
        #expect(try fill(query, cursor: "c") == #"{"query":"query($cursor: String) { viewer { issues(after: $cursor) { nodes { id } } } }","v":"{ id }","w":"after {cursor}","x":"{cursor}"}"#)
        #expect(try fill(#"{"{cursor}": 1}"#) == #"{"{cursor}":1}"#)
        #expect(try fill(#"  [1, 2.50, -0, true, null, "é\n"]"#) == #"[1,2.50,-0,true,null,"é\n"]"#)
    }

    @Test func aTemplateBuiltInCodeCanSendNullForAMissingValue() {
        let template = BodyTemplate(json: .object([
            .init("query", .literal(.string("query($cursor: String) { x }"))),
            .init("variables", .object([.init("cursor", .placeholder(.cursor, missing: .null))])),
        ]))
        let first = PageKey(page: 1)
        let second = PageKey(index: 1, page: 2, cursor: "abc")
        #expect(String(decoding: template.fill { first.value(of: $0, limit: 5) }, as: UTF8.self) == #"{"query":"query($cursor: String) { x }","variables":{"cursor":null}}"#)
        #expect(String(decoding: template.fill { second.value(of: $0, limit: 5) }, as: UTF8.self) == #"{"query":"query($cursor: String) { x }","variables":{"cursor":"abc"}}"#)
        #expect(template.placeholders == [.cursor])
    }

    @Test func aFormBodyIsFilledLikeAQuery() throws {
        #expect(try fill("q=a b&after={cursor}&limit={limit}") == "q=a b&limit=20")
        #expect(try fill("q=1&after={cursor}", cursor: "a+b/c=") == "q=1&after=a%2Bb%2Fc%3D")
        #expect(try fill("after={last.sort}", last: ["sort": .array([.number("1"), .string("x")])]) == "after=%5B1%2C%22x%22%5D")
        #expect(try BodyTemplate.parse("q=1", contentType: nil).contentType == "application/x-www-form-urlencoded")
        #expect(try BodyTemplate.parse(" {\"a\": 1}", contentType: nil).contentType == "application/json")
    }

    @Test func theContentTypeGivenDecidesHowTheBodyIsRead() throws {
        // JSON by its type, though it does not start with a brace.
        #expect(try fill(#""{cursor}""#, contentType: "application/json; charset=utf-8", cursor: "c") == #""c""#)
        #expect(try fill("{cursor}", contentType: "application/vnd.api+json", cursor: "c") == #""c""#)
        // Form data by its type, though it starts with a brace (as %7B would be).
        #expect(try fill("{cursor}=1", contentType: "application/x-www-form-urlencoded", cursor: "c") == "c=1")
        // Any other type: sent exactly as written, braces and all.
        let graphQL = "{ viewer { login } } {cursor}"
        #expect(try fill(graphQL, contentType: "application/graphql", cursor: "c") == graphQL)
        #expect(try BodyTemplate.parse(graphQL, contentType: "application/graphql").placeholders.isEmpty)
    }

    @Test(arguments: [
        (#"{"a": {pgae}}"#, "at line 1, column 7: unknown placeholder {pgae}; known: {page}, {offset}, {limit}, {cursor}, {last.PATH}"),
        (#"{"a": "{curser}"}"#, "at line 1, column 7: unknown placeholder {curser}"),
        ("{\n  \"a\": 1,\n  \"b\": {last.a..b}\n}", "at line 3, column 8: in the placeholder {last.a..b}: malformed path"),
        (#"{"a": 1 "b": 2}"#, "at line 1, column 9: expected ',' or '}' after a member, found '\"'"),
        ("{\"a\": [1, 2}\n", "at line 1, column 12: expected ',' or ']' after an element, found '}'"),
        (#"{"a": 01}"#, "at line 1, column 7: '01' is not a JSON number"),
        (#"{"a": tru}"#, "at line 1, column 7: expected a JSON value, found 't'"),
        (#"{"a": "x}"#, "at line 1, column 7: unclosed string"),
        (#"{"a": {cursor}"#, "at line 1, column 15: expected ',' or '}' after a member, found the end of the body"),
        (#"{"a": {cursor"#, "at line 1, column 7: unclosed placeholder"),
        ("{\"é\": \"\\q\"}", "at line 1, column 8: invalid escape in a string"),
        (#"{"a": 1} x"#, "at line 1, column 10: unexpected 'x' after the end of the JSON document"),
        ("q={cursor}&r={pgae}", "at line 1, column 14: unknown placeholder {pgae}"),
        ("q=}", "at line 1, column 3: unmatched '}'"),
        ("q={cursor", "at line 1, column 3: unclosed '{'"),
    ])
    func aMistakeNamesItsLineAndColumn(body: String, message: String) {
        #expect {
            _ = try BodyTemplate.parse(body, contentType: nil)
        } throws: { error in
            guard let error = error as? BodyTemplateError else { return false }
            return error.message.hasPrefix(message)
        }
    }

    @Test func aBodyThatLooksLikeJSONSaysSoWhenItIsNot() {
        #expect {
            _ = try BodyTemplate.parse("{a=1}", contentType: nil)
        } throws: { error in
            (error as? BodyTemplateError)?.message.contains("a body that starts with '{' or '[' is read as JSON") == true
        }
    }

    @Test func aBodyOverOneMebibyteIsRefused() {
        let large = "[" + String(repeating: "1,", count: 600_000) + "1]"
        #expect(throws: BodyTemplateError.self) { try BodyTemplate.parse(large, contentType: nil) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect {
            _ = try BodyTemplate.parse(deep, contentType: nil)
        } throws: { error in
            (error as? BodyTemplateError)?.message.contains("nested more than 256 deep") == true
        }
    }
}
