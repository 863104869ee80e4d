import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

/// GraphQL APIs through their replicas, with the flags docs/pagination.md gives: every item in
/// order, once, the exact body of every request (the cursor in the right variable, null first),
/// no request past the end, and the reason the walk stopped; through `--dump` and the screen.
@Suite struct GraphQLReplicaTests {
    static let gitHubQuery = "query($owner: String!, $name: String!, $first: Int!, $after: String) { repository(owner: $owner, name: $name) { issues(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { number title labels(first: 2) { totalCount pageInfo { hasNextPage endCursor } nodes { name } } } } } }"
    static let thingsQuery = "query($cursor: String) { viewer { things(after: $cursor) { pageInfo { hasNextPage endCursor } nodes { id name } } } }"

    private static func gitHubBody(after: String) -> String {
        GraphQLReplicaCheck.body(gitHubQuery, #""owner":"o","name":"r","first":10,"after":\#(after)"#)
    }

    private static func thingsBody(cursor: String) -> String {
        GraphQLReplicaCheck.body(thingsQuery, #""cursor":\#(cursor)"#)
    }

    @Test func gitHubIssuesOfARepositoryWithTheirTotal() async throws {
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/github/graphql",
            options: .graphQL(Self.gitHubQuery, vars: ["owner=o", "name=r", "first=10"]),
            idPath: "number",
            ids: (1...23).map(String.init),
            bodies: [Self.gitHubBody(after: "null"), Self.gitHubBody(after: #""Y3Vyc29yOnYyOpHO9""#), Self.gitHubBody(after: #""Y3Vyc29yOnYyOpHO19""#)],
            end: "pageInfo.hasNextPage is false",
            notes: [
                "paging by GraphQL cursors ($after, recognised in the query, from the connection's pageInfo.endCursor)",
                "connection at data.repository.issues",
            ],
            total: 23
        ))
    }

    @Test func shopifyProductsFromEdgesGoOnWithTheLastEdgesCursor() async throws {
        let query = "query($first: Int!, $cursor: String) { products(first: $first, after: $cursor) { edges { cursor node { id title } } pageInfo { hasNextPage } } }"
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/shopify/admin/api/2024-01/graphql.json",
            options: .graphQL(query, vars: ["first=10"]),
            ids: (0..<24).map { "gid://shopify/Product/\(7_000_000 + $0)" },
            bodies: ["null", #""eyJsYXN0X2lkIjo7000009""#, #""eyJsYXN0X2lkIjo7000019""#].map { cursor in
                GraphQLReplicaCheck.body(query, #""first":10,"cursor":\#(cursor)"#)
            },
            end: "pageInfo.hasNextPage is false",
            notes: ["paging by GraphQL cursors ($cursor, the default, from the connection's pageInfo.endCursor)", "connection at data.products"]
        ))
    }

    @Test func linearIssuesWithTheCursorVariableNamed() async throws {
        let query = "query Issues($first: Int, $after: String) { issues(first: $first, after: $after) { nodes { id identifier title } pageInfo { hasNextPage endCursor } } }"
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/linear/graphql",
            options: .graphQL(query, vars: ["first=5"], cursorVariable: "after"),
            idPath: "identifier",
            ids: (1...17).map { "ENG-\($0)" },
            bodies: (["null"] + [4, 9, 14].map { #""\#(LinearGraphQLReplica.id($0))""# }).map { cursor in
                GraphQLReplicaCheck.body(query, #""first":5,"after":\#(cursor)"#)
            },
            end: "pageInfo.hasNextPage is false",
            notes: ["paging by GraphQL cursors ($after, --cursor-var, from the connection's pageInfo.endCursor)"]
        ))
    }

    @Test func gitLabIssuesOfAProject() async throws {
        let query = "query($path: ID!, $after: String) { project(fullPath: $path) { issues(first: 5, after: $after) { count pageInfo { hasNextPage endCursor } nodes { iid title } } } }"
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/gitlab/api/graphql",
            options: .graphQL(query, vars: ["path=group/project"]),
            idPath: "iid",
            ids: (1...12).map(String.init),
            bodies: (["null"] + [4, 9].map { #""\#(GitLabGraphQLReplica.cursor($0))""# }).map { cursor in
                GraphQLReplicaCheck.body(query, #""path":"group/project","after":\#(cursor)"#)
            },
            end: "pageInfo.hasNextPage is false",
            notes: ["connection at data.project.issues"]
        ))
    }

    @Test func aCursorThatDoesNotMoveStopsTheWalk() async throws {
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/gql/stuck",
            options: .graphQL(Self.thingsQuery),
            ids: (1...6).map(String.init),
            bodies: [Self.thingsBody(cursor: "null"), Self.thingsBody(cursor: #""c1""#)],
            end: "the cursor did not move (pageInfo.endCursor is 'c1' again)"
        ))
    }

    /// A stuck cursor that also repeats the page's items: each item is written and shown once
    /// (the repeated page was written twice before "the cursor did not move").
    @Test func aStuckCursorRepeatingItsPageShowsEachItemOnce() async throws {
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/gql/stuck-repeat",
            options: .graphQL(Self.thingsQuery),
            ids: (1...3).map(String.init),
            bodies: [Self.thingsBody(cursor: "null"), Self.thingsBody(cursor: #""c1""#)],
            end: "the cursor did not move (pageInfo.endCursor is 'c1' again)"
        ))
    }

    @Test func hasNextPageWithoutACursorStopsTheWalk() async throws {
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/gql/nocursor",
            options: .graphQL(Self.thingsQuery),
            ids: (1...6).map(String.init),
            bodies: [Self.thingsBody(cursor: "null"), Self.thingsBody(cursor: #""n1""#)],
            end: "pageInfo.hasNextPage is true but there is no cursor to go on with",
            notes: ["add endCursor to the query's pageInfo { hasNextPage endCursor }"],
            stoppedShort: true
        ))
    }

    @Test func aCursorThatComesBackStopsTheWalkBeforeRepeatingARequest() async throws {
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/gql/cycle",
            options: .graphQL(Self.thingsQuery),
            ids: (1...9).map(String.init),
            bodies: [Self.thingsBody(cursor: "null"), Self.thingsBody(cursor: #""c1""#), Self.thingsBody(cursor: #""c2""#)],
            end: "cursor repeated an earlier one"
        ))
    }

    @Test func errorsBesideDataShowTheItemsThatCameAndSaySo() async throws {
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/gql/partial",
            options: .graphQL(Self.thingsQuery),
            ids: ["1", "2", "3", "4", "6", "7", "8", "9"],
            bodies: [Self.thingsBody(cursor: "null"), Self.thingsBody(cursor: #""p2""#), Self.thingsBody(cursor: #""p3""#)],
            end: "pageInfo.hasNextPage is false",
            notes: [
                "left out 1 null node at data.viewer.things.nodes",
                "page 2: GraphQL error beside the data: Resource not accessible by integration (path: viewer.things.nodes.1) (+1 more error); showing the items that came",
            ],
            partial: true
        ))
    }

    @Test func theConnectionChosenWithItemsIsPaged() async throws {
        try await GraphQLReplicaCheck.run(GraphQLReplicaCase(
            path: "/gql/two",
            options: .graphQL(Self.thingsQuery, items: "repository.pullRequests"),
            ids: ["101", "102", "103", "104", "105"],
            bodies: [Self.thingsBody(cursor: "null"), Self.thingsBody(cursor: #""r1""#)],
            end: "pageInfo.hasNextPage is false",
            notes: ["connection at data.repository.pullRequests"]
        ))
    }

    /// A page dropped from memory and fetched again is the same POST: the same body, with the
    /// cursor the walk kept for it, and the walk goes on as before.
    @Test func aPageFetchedAgainSendsTheSameBody() async throws {
        try await withGraphQLServer { base, log in
            let source = try HTTPSource(url: base + "/github/graphql", options: .graphQL(Self.gitHubQuery, vars: ["owner=o", "name=r", "first=10"]))
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            await loader.start(request(1, page: 0))
            _ = await inbox.wait(for: 1)
            await loader.start(request(2, page: 1))
            _ = await inbox.wait(for: 2)
            await loader.start(PageRequest(id: RequestID(3), page: 1, purpose: .refetch(following: 0)))
            _ = await inbox.wait(for: 3)
            await loader.start(request(4, page: 2))
            let messages = await inbox.wait(for: 4)
            await loader.shutdown()
            await source.close()
            #expect(messages.compactMap(\.loaded).map(\.items.count) == [10, 10, 10, 3])
            #expect(log.allBodies == [
                Self.gitHubBody(after: "null"), Self.gitHubBody(after: #""Y3Vyc29yOnYyOpHO9""#),
                Self.gitHubBody(after: #""Y3Vyc29yOnYyOpHO9""#), Self.gitHubBody(after: #""Y3Vyc29yOnYyOpHO19""#),
            ])
        }
    }
}
