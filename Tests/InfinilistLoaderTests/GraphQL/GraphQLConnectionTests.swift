import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Finding the Relay connection in an answer, and reading its items, cursor, end and total.
@Suite struct GraphQLConnectionTests {
    private func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    private func find(_ text: String, chosen: String? = nil) throws -> Result<GraphQLConnection, GraphQLConnections.Problem> {
        GraphQLConnections.find(in: try json(text), chosen: try chosen.map { try JSONPath(parsing: $0) })
    }

    @Test func aNestedConnectionWithNodes() throws {
        let connection = try find(#"{"data": {"repository": {"name": "r", "issues": {"totalCount": 23, "pageInfo": {"hasNextPage": true, "endCursor": "Y3Vy"}, "nodes": [{"number": 1}, {"number": 2}]}}}}"#).get()
        #expect(connection.path.description == "data.repository.issues")
        #expect(connection.itemsPlace == "data.repository.issues.nodes")
        #expect(connection.items.map(\.compactJSON) == [#"{"number":1}"#, #"{"number":2}"#])
        #expect(connection.hasNextPage == true)
        #expect(connection.endCursor == "Y3Vy")
        #expect(connection.endCursorPlace == "pageInfo.endCursor")
        #expect(connection.totalCount == 23)
    }

    @Test func edgesGiveTheirNodesAndTheLastEdgesCursorWhenPageInfoHasNone() throws {
        let connection = try find(#"{"data": {"products": {"edges": [{"cursor": "a", "node": {"id": 1}}, {"cursor": "b", "node": {"id": 2}}], "pageInfo": {"hasNextPage": true}}}}"#).get()
        #expect(connection.itemsPlace == "data.products.edges[].node")
        #expect(connection.items.map(\.compactJSON) == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(connection.endCursor == "b")
        #expect(connection.endCursorPlace == "edges[].cursor")
        #expect(connection.totalCount == nil)
    }

    @Test func pageInfosEndCursorWinsOverTheLastEdge() throws {
        let connection = try find(#"{"data": {"p": {"edges": [{"cursor": "a", "node": {}}], "pageInfo": {"hasNextPage": false, "endCursor": "z"}}}}"#).get()
        #expect(connection.endCursor == "z")
        #expect(connection.hasNextPage == false)
    }

    @Test func aNullOrEmptyEndCursorIsNone() throws {
        for cursor in ["null", #""""#] {
            let connection = try find(#"{"data": {"p": {"nodes": [], "pageInfo": {"hasNextPage": true, "endCursor": \#(cursor)}}}}"#).get()
            #expect(connection.endCursor == nil)
        }
    }

    @Test func nullNodesAreLeftOutAndCounted() throws {
        let connection = try find(#"{"data": {"p": {"nodes": [{"id": 1}, null, {"id": 3}], "pageInfo": {"hasNextPage": false}}}}"#).get()
        #expect(connection.items.count == 2)
        #expect(connection.nullNodes == 1)
    }

    /// Each issue's `labels` is a connection too, but inside the items: not a candidate.
    @Test func connectionsInsideItemsAreNotCandidates() throws {
        let text = #"{"data": {"r": {"issues": {"pageInfo": {"hasNextPage": false}, "nodes": [{"labels": {"pageInfo": {"hasNextPage": false}, "nodes": []}}]}}}}"#
        #expect(try find(text).get().path.description == "data.r.issues")
    }

    @Test func aConnectionWithPageInfoWinsOverOneWithOnlyNodes() throws {
        let text = #"{"data": {"viewer": {"repositories": {"nodes": [{"name": "a"}]}}, "search": {"pageInfo": {"hasNextPage": true, "endCursor": "c"}, "nodes": []}}}"#
        #expect(try find(text).get().path.description == "data.search")
    }

    @Test func withoutPageInfoTheOnlyNodesListIsTheConnection() throws {
        let connection = try find(#"{"data": {"viewer": {"repositories": {"nodes": [{"name": "a"}]}}}}"#).get()
        #expect(connection.path.description == "data.viewer.repositories")
        #expect(connection.hasNextPage == nil)
        #expect(connection.endCursor == nil)
    }

    @Test func severalConnectionsAreAProblemListingTheirPaths() throws {
        let text = #"{"data": {"repository": {"issues": {"pageInfo": {}, "nodes": []}, "pullRequests": {"pageInfo": {}, "nodes": []}}}}"#
        #expect(try find(text) == .failure(.several([try JSONPath(parsing: "data.repository.issues"), try JSONPath(parsing: "data.repository.pullRequests")], total: 2)))
    }

    @Test func connectionsInAnArrayAreFoundByIndex() throws {
        let text = #"{"data": {"nodes": [{"issues": {"pageInfo": {}, "nodes": []}}, {"issues": {"pageInfo": {}, "nodes": []}}]}}"#
        guard case .failure(.several(let paths, 2)) = try find(text) else {
            Issue.record("expected two connections")
            return
        }
        #expect(paths.map(\.description) == ["data.nodes.0.issues", "data.nodes.1.issues"])
    }

    @Test func itemsChoosesAConnectionFromTheRootOrUnderData() throws {
        let text = #"{"data": {"repository": {"issues": {"pageInfo": {}, "nodes": [{"n": 1}]}, "pullRequests": {"pageInfo": {}, "nodes": [{"n": 2}]}}}}"#
        for chosen in ["data.repository.pullRequests", "repository.pullRequests", "repository.pullRequests.nodes", "data.repository.pullRequests.edges"] {
            let result = try find(text, chosen: chosen)
            if chosen.hasSuffix("edges") {
                #expect(result == .failure(.notAtPath(try JSONPath(parsing: chosen))), "\(chosen)")
            } else {
                #expect(try result.get().path.description == "data.repository.pullRequests", "\(chosen)")
            }
        }
        #expect(try find(text, chosen: "repository") == .failure(.notAtPath(try JSONPath(parsing: "repository"))))
    }

    @Test func noDataOrNoConnectionIsNone() throws {
        #expect(try find(#"{"data": null}"#) == .failure(.none))
        #expect(try find(#"{"errors": []}"#) == .failure(.none))
        #expect(try find(#"{"data": {"viewer": {"login": "me"}}}"#) == .failure(.none))
    }

    @Test func errorsAreSummedUpWithTheFirstMessageAndPath() throws {
        let errors = try #require(GraphQLErrors(in: try json(#"{"errors": [{"message": "Not\nfound", "path": ["repository", "issues", 3]}, {"message": "x"}, {"message": "y"}]}"#)))
        #expect(errors.summary == "Not found (path: repository.issues.3) (+2 more errors)")
        #expect(GraphQLErrors(in: try json(#"{"errors": [], "data": {}}"#)) == nil)
        #expect(GraphQLErrors(in: try json(#"{"errors": null}"#)) == nil)
        #expect(try #require(GraphQLErrors(in: try json(#"{"errors": [{"extensions": {}}]}"#))).summary == "no message")
    }
}
