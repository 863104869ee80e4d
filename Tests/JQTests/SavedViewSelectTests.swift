@testable import InfinilistCore
import JQ
import Testing

/// A filter on a value picked in the counts view is saved by `V` as a jq `select`
/// (`FieldValue.jqSelect`): run by the jq engine, it keeps exactly the items the filter keeps.
@Suite struct SavedViewSelectTests {
    static let items = [
        #"{"state":"open","user":{"login":"a"},"tags":["x","y"],"n":1}"#,
        #"{"state":"closed","user":{"login":"b"},"tags":["y"],"n":1.0}"#,
        #"{"state":"open","user":null,"tags":[],"n":"1"}"#,
        #"{"user":{"login":"a"},"tags":{"0":"x"},"n":2}"#,
        #"{"state":"open \"quoted\"","user":{"login":"a\\b"},"n":null}"#,
        #"{"a":null,"user":{"login":null}}"#,
        #"{"user":{}}"#,
        #"{"a":1}"#,
    ]

    /// Every value the counts view can offer, `(missing)` and null (told apart) included.
    @Test(arguments: ["state", "user.login", "tags.0", "n", "user", "a"])
    func theSelectKeepsTheItemsTheValueFilterKeeps(path: String) throws {
        let parsed = try Self.items.map { try JSONParser.parse($0) }
        let itemList = parsed.map { makeItem($0, formatter: ItemFormatter(), idPath: nil) }
        let jsonPath = try JSONPath(parsing: path)
        let values = Set(itemList.compactMap { FieldValue.of($0, path: jsonPath) }.map(\.json))
        for json in values {
            let value = FieldValue(path: jsonPath, json: json)
            let program = try JQProgram(value.jqSelect)
            let kept = try parsed.indices.filter { try !program.outputs(parsed[$0]).isEmpty }
            let expected = itemList.indices.filter { FieldValue.of(itemList[$0], path: jsonPath) == value }
            #expect(kept == expected, "\(path) = \(json): \(value.jqSelect)")
        }
    }
}
