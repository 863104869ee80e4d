import InfinilistCore
@testable import InfinilistLoader
import InfinilistRuntime
import Testing

/// GraphQL answers that are errors, though they come with HTTP 200: a failed page showing the
/// first error's message and path, not retried, nothing loaded lost; through `--dump` and the
/// screen. And errors beside data: the items, and a warning the user sees.
@Suite struct GraphQLFailureTests {
    private static let thingsQuery = GraphQLReplicaTests.thingsQuery

    private struct Failed {
        let status: Int32
        let ids: [String]
        let lastError: String
        let bodies: [String]
        let screenFooter: String
        let screenTail: TailState
        let screenIDs: [String]
        let screenBodies: [String]
    }

    private func failing(_ path: String, _ options: SourceOptions, idPath: String = "id") async throws -> Failed {
        let (status, ids, lastError, bodies) = try await withGraphQLServer { base, log in
            let source = try HTTPSource(url: base + path, options: options)
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper().run(source: source, output: output, errors: errors)
            await source.close()
            return (status, output.lines.map { GraphQLReplicaCheck.id(inLine: $0, idPath) }, errors.lines.last ?? "", log.allBodies)
        }
        let (run, screenBodies) = try await withGraphQLServer { base, log in
            let source = try HTTPSource(url: base + path, options: options)
            let run = await ScreenModel.browse(source: source)
            await source.close()
            return (run, log.allBodies)
        }
        let screenIDs = run.items.map { item in item.map { GraphQLReplicaCheck.id(inLine: $0.json, idPath) } ?? "?" }
        return Failed(status: status, ids: ids, lastError: lastError, bodies: bodies, screenFooter: run.footer, screenTail: run.tail,
                      screenIDs: screenIDs, screenBodies: screenBodies)
    }

    @Test func errorsWithoutDataFailTheFirstPageWithMessageAndPath() async throws {
        let failed = try await failing("/gql/errors-only", .graphQL(Self.thingsQuery))
        let message = "GraphQL error from 127.0.0.1:"
        let said = "Field 'thngs' doesn't exist on type 'User' (path: query.viewer.thngs) (+1 more error)"
        #expect(failed.status == 1)
        #expect(failed.ids.isEmpty)
        #expect(failed.lastError.hasPrefix("infinilist: page 1: \(message)"), "\(failed.lastError)")
        #expect(failed.lastError.hasSuffix(": \(said) (page 1; 0 items written)"), "\(failed.lastError)")
        #expect(failed.bodies.count == 1)   // not retried: the same query gets the same error
        guard case .failed(0, let shown) = failed.screenTail else {
            Issue.record("screen: \(failed.screenTail)")
            return
        }
        #expect(shown.hasSuffix(said))
        #expect(failed.screenFooter.contains("✗ page 1"), "\(failed.screenFooter)")
        #expect(failed.screenBodies.count == 1)
    }

    @Test func errorsWithNullDataOnALaterPageKeepWhatLoaded() async throws {
        let failed = try await failing("/gql/broken", .graphQL(Self.thingsQuery))
        #expect(failed.status == 1)
        #expect(failed.ids == ["1", "2", "3"])
        #expect(failed.lastError.hasSuffix(": Something went wrong while executing your query. (path: viewer.things) (page 2; 3 items written)"), "\(failed.lastError)")
        #expect(failed.bodies.count == 2)
        #expect(failed.screenIDs == ["1", "2", "3"])
        guard case .failed(1, let shown) = failed.screenTail else {
            Issue.record("screen: \(failed.screenTail)")
            return
        }
        #expect(shown.hasPrefix("page 2: GraphQL error from 127.0.0.1:"))
    }

    /// GitHub answers a repository that does not exist with data (`"repository": null`) and a
    /// NOT_FOUND error: there is no connection, so the error is the page's failure.
    @Test func gitHubsRepositoryNullIsItsError() async throws {
        let options = SourceOptions.graphQL(GraphQLReplicaTests.gitHubQuery, vars: ["owner=o", "name=x", "first=10"])
        let failed = try await failing("/github/graphql", options, idPath: "number")
        #expect(failed.status == 1)
        #expect(failed.lastError.hasSuffix(": Could not resolve to a Repository with the name 'o/x'. (path: repository) (page 1; 0 items written)"), "\(failed.lastError)")
        #expect(failed.bodies == [GraphQLReplicaCheck.body(GraphQLReplicaTests.gitHubQuery, #""owner":"o","name":"x","first":10,"after":null"#)])
    }

    /// GitLab answers a project it cannot show with `"project": null` and no error at all.
    @Test func aNullObjectOnTheWayToTheConnectionIsNamed() async throws {
        let query = "query($path: ID!, $after: String) { project(fullPath: $path) { issues(after: $after) { nodes { iid } } } }"
        let failed = try await failing("/gitlab/api/graphql", .graphQL(query, vars: ["path=group/secret"]), idPath: "iid")
        #expect(failed.status == 1)
        #expect(failed.lastError == "infinilist: page 1 has no connection under data: data.project is null (it does not exist, or the token may not see it) (page 1; 0 items written)")
    }

    @Test func severalConnectionsAndNoChoiceIsAFailureListingThem() async throws {
        let failed = try await failing("/gql/two", .graphQL(Self.thingsQuery))
        #expect(failed.status == 1)
        #expect(failed.lastError == "infinilist: page 1 has 2 connections (data.repository.issues, data.repository.pullRequests); choose the one to page with --items PATH (page 1; 0 items written)")
    }

    @Test func anItemsPathThatIsNoConnectionSaysWhereTheyAre() async throws {
        let failed = try await failing("/gql/two", .graphQL(Self.thingsQuery, items: "repository.labels"))
        #expect(failed.lastError == "infinilist: page 1 has no connection at --items repository.labels (an object with pageInfo, nodes or edges); there are connections at data.repository.issues, data.repository.pullRequests (page 1; 0 items written)")
    }

    /// Without `-v`, `--dump` still says on stderr that a page was partial, writes every item
    /// that came, and exits 1 (as `gh api` does on GraphQL errors): a script can tell.
    @Test func aPartialPageIsReportedByDumpAndReachesTheCore() async throws {
        try await withGraphQLServer { base, _ in
            let source = try HTTPSource(url: base + "/gql/partial", options: .graphQL(Self.thingsQuery))
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper().run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == 1)
            #expect(output.lines.count == 8)
            #expect(errors.lines.last == "infinilist: 8 items written, but part of the list was not readable (said above)")
            #expect(errors.lines.first == "infinilist: page 2: GraphQL error beside the data: Resource not accessible by integration (path: viewer.things.nodes.1) (+1 more error); showing the items that came")
            #expect(errors.lines.filter { $0.contains("GraphQL error") }.count == 1)
        }
        try await withGraphQLServer { base, _ in
            let source = try HTTPSource(url: base + "/gql/partial", options: .graphQL(Self.thingsQuery))
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            await loader.start(request(1, page: 0))
            _ = await inbox.wait(for: 1)
            await loader.start(request(2, page: 1))
            let messages = await inbox.wait(for: 2)
            await loader.shutdown()
            await source.close()
            #expect(messages.first?.loaded?.warning == nil)
            #expect(messages.last?.loaded?.warning?.hasPrefix("GraphQL error beside the data: Resource not accessible") == true)
            #expect(messages.last?.loaded?.items.map(\.json) == [#"{"id":4,"name":"Thing 4"}"#, #"{"id":6,"name":"Thing 6"}"#])
        }
    }
}
