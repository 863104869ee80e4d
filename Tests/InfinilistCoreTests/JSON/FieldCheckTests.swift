import Testing
@testable import InfinilistCore

/// A field `--format` or `--columns` names that no item of the first page has is said once, with
/// the nearest fields the items have (issue 33.4); before, it showed as nothing at all.
@Suite struct FieldCheckTests {
    private func values(_ texts: [String]) throws -> [JSONValue] {
        try texts.map { try JSONParser.parse($0) }
    }

    private func check(_ paths: [String]) throws -> FieldCheck {
        FieldCheck(paths: try paths.map { try JSONPath(parsing: $0) })
    }

    private let issues = [
        #"{"number": 1, "title": "Crash", "user": {"login": "hborla"}, "labels": []}"#,
        #"{"number": 2, "title": "Typo", "user": {"login": "xedin"}, "milestone": null}"#,
    ]

    @Test func aMisspelledFieldIsNamedWithTheNearestOne() throws {
        let items = try values(issues)
        #expect(try check(["titel", "user.login"]).message(for: items) == "no item has 'titel'; did you mean 'title'?")
        #expect(try check(["user.logn"]).message(for: items) == "no item has 'user.logn'; did you mean 'user.login'?")
    }

    @Test func severalMissingFieldsAreNamedTogetherAndFarOnesListTheFields() throws {
        let items = try values(issues)
        #expect(try check(["titel", "zzzzzz"]).message(for: items)
            == "no item has 'titel' (did you mean 'title'?) or 'zzzzzz'; the items' fields: number, title, user, user.login, labels, milestone")
    }

    /// Optional fields are missing from some items of every API: one item having it is enough,
    /// and a null value is a value.
    @Test func aFieldOneItemHasOrThatIsNullIsFine() throws {
        let items = try values(issues)
        #expect(try check(["milestone", "labels", "number", "user"]).message(for: items) == nil)
        #expect(try check(["titel"]).message(for: []) == nil, "no items: nothing to tell by")
        #expect(FieldCheck().message(for: items) == nil)
    }

    @Test func itemsThatAreNotObjectsAreSaidToBeSo() throws {
        #expect(try check(["title"]).message(for: values([#""a line""#, "3"])) == "no item has 'title': the items are not objects with fields")
    }

    @Test func theNearestWordsAreOneEditApartForACommonTypo() {
        #expect(NearestWords.distance("titel", "title") == 1)
        #expect(NearestWords.distance("colums", "columns") == 1)
        #expect(NearestWords.distance("", "abc") == 3)
        let nearest = NearestWords.nearest(to: "paralel", among: ["parallel", "page-size", "prefetch"])
        #expect(nearest?.words == ["parallel"])
        #expect(nearest?.distance == 1)
        let long = String(repeating: "a", count: 10_000)
        #expect(NearestWords.distance(long, long + "b") == 0, "compared by their first 64 characters")
    }

    @Test func theArraysOfAnAnswerAreListedShallowestFirst() throws {
        let answer = try JSONParser.parse(#"{"meta": {"tags": [1, 2, 3], "deep": {"x": {"y": {"z": []}}}}, "hits": [{}, {}], "n": 2}"#)
        let arrays = JSONShape.arrays(in: answer).map { "\($0.path) \($0.count)" }
        #expect(arrays == ["hits 2", "meta.tags 3"], "four levels down at most")
    }

    /// On the screen: a notice once, on the first page that has items.
    @Test func theScreenSaysItOnceOnTheFirstPageWithItems() throws {
        var config = AppConfig(sourceName: "test")
        config.columns = .lines
        config.fieldCheck = try check(["titel"])
        var state = AppState(config: config, size: Size(rows: 8, columns: 80))
        let first = try #require(loads(state.start()).first)
        let empty = loads(state.update(.pageLoaded(PageResult(request: first, items: []))))
        #expect(state.notice == nil, "an empty page tells nothing")
        let second = try #require(empty.first ?? loads(state.update(.key(.end))).first)
        let page = issues.map { Item(json: $0, text: "") }
        let next = loads(state.update(.pageLoaded(PageResult(request: second, items: page))))
        #expect(state.notice == .fieldsMissing("no item has 'titel'; did you mean 'title'?"))
        #expect(render(state).rows[7].text.contains("no item has 'titel'; did you mean 'title'?"))
        _ = state.update(.key(.down))
        #expect(state.notice == nil)
        let third = try #require(next.first ?? loads(state.update(.key(.end))).first)
        _ = state.update(.pageLoaded(PageResult(request: third, items: page)))
        #expect(state.notice == nil, "said once")
    }
}
