import Foundation
import Hummingbird
import Synchronization
import Testing
import TestSupport

/// `--graphql` through the built binary: the query read from a file or the config file, every
/// page a POST of JSON with the cursor in its variable, the items of the connection on stdout,
/// and usage errors that say which variable to declare. Serialized, as the other command-line
/// suites.
@Suite(.serialized) struct GraphQLCommandLineTests {
    static let query = """
        # Issues of a repository, oldest first.
        query Issues($owner: String!, $first: Int!, $after: String) {
          repository(owner: $owner) {
            issues(first: $first, after: $after) {
              totalCount
              pageInfo { hasNextPage endCursor }
              nodes { number title }
            }
          }
        }
        """

    /// The query as JSON sends it: line ends as `\\n`.
    static let sentQuery = query.replacingOccurrences(of: "\n", with: "\\n")

    @Test func aQueryFromAFileIsPagedToTheEnd() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let file = directory.file("issues.graphql").path
        try Self.query.write(toFile: file, atomically: true, encoding: .utf8)
        try await GraphQLTestServer.with { base, bodies in
            let run = try await ProcessRun.run(Binary.path, [
                "--graphql", "@" + file, "--var", "owner=o", "--var", "first=2",
                "--dump", "-v", base + "/graphql",
            ])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines == [#"{"number":1,"title":"One"}"#, #"{"number":2,"title":"Two"}"#, #"{"number":3,"title":"Three"}"#])
            #expect(bodies.all == [
                #"{"query":"\#(Self.sentQuery)","variables":{"owner":"o","first":2,"after":null}}"#,
                #"{"query":"\#(Self.sentQuery)","variables":{"owner":"o","first":2,"after":"c2"}}"#,
            ])
            #expect(run.stderr.contains("paging by GraphQL cursors ($after, recognised in the query, from the connection's pageInfo.endCursor)"), "stderr: \(run.stderr)")
            #expect(run.stderr.contains("POST \(base)/graphql: HTTP 200 OK, 2 items at data.repository.issues.nodes"), "stderr: \(run.stderr)")
            #expect(run.stderr.contains("end: pageInfo.hasNextPage is false (3 items)"), "stderr: \(run.stderr)")
        }
        #expect(directory.read("issues.graphql") == Self.query)   // the query file was there throughout
    }

    @Test func aQueryFromTheConfigFileWithTypedVars() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await GraphQLTestServer.with { base, bodies in
            let config = try ConfigDirectory("""
                [sources.issues]
                url = "\(base)/graphql"
                graphql = \"\"\"
                \(Self.query)\"\"\"
                vars = { owner = "o", first = 2 }
                cursor_var = "after"
                """)
            let run = try await ProcessRun.run(Binary.path, ["@issues", "--dump"], environment: config.environment)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdoutLines.count == 3)
            #expect(bodies.all.first == #"{"query":"\#(Self.sentQuery)","variables":{"owner":"o","first":2,"after":null}}"#)
        }
    }

    @Test func aQueryWithoutACursorVariableIsAUsageErrorSayingWhatToDeclare() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, [
            "--graphql", "query($owner: String!) { repository(owner: $owner) { issues(first: 10) { nodes { title } } } }",
            "--dump", "http://127.0.0.1:9/graphql",
        ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--graphql: the query declares no cursor variable ($cursor, $after or $endCursor; it declares $owner): declare one"), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aMissingQueryFileAndAnEmptyStdinAreUsageErrors() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let missing = try await ProcessRun.run(Binary.path, ["--graphql", "@/nonexistent/q.graphql", "--dump", "http://127.0.0.1:9/graphql"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--graphql @/nonexistent/q.graphql: there is no file /nonexistent/q.graphql"), "stderr: \(missing.stderr)")
        let empty = try await ProcessRun.run(Binary.path, ["--graphql", "@-", "--dump", "http://127.0.0.1:9/graphql"])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("--graphql @-: standard input is empty; it holds nothing to send"), "stderr: \(empty.stderr)")
    }
}

/// A GraphQL endpoint for the command-line tests: `POST /graphql`, three issues in pages of
/// `$first`, the cursor in `$after`; it keeps every body it received.
enum GraphQLTestServer {
    static func with<T: Sendable>(_ body: @Sendable (String, GraphQLBodies) async throws -> T) async throws -> T {
        let bodies = GraphQLBodies()
        let router = Router()
        router.post("graphql") { request, _ in
            let text = String(buffer: try await request.body.collect(upTo: 1 << 20))
            bodies.append(text)
            let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let variables = json?["variables"] as? [String: Any] ?? [:]
            let first = variables["first"] as? Int ?? 0
            let after = variables["after"] as? String
            let titles = ["One", "Two", "Three"]
            let start = after.flatMap { Int($0.dropFirst()) } ?? 0
            let end = min(titles.count, start + first)
            let nodes = (start..<end).map { #"{"number": \#($0 + 1), "title": "\#(titles[$0])"}"# }.joined(separator: ", ")
            let answer = #"{"data": {"repository": {"issues": {"totalCount": 3, "pageInfo": {"hasNextPage": \#(end < titles.count), "endCursor": "c\#(end)"}, "nodes": [\#(nodes)]}}}}"#
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: answer)))
        }
        return try await withLocalServer(router: router) { port in
            try await body("http://127.0.0.1:\(port)", bodies)
        }
    }
}

final class GraphQLBodies: Sendable {
    private let bodies = Mutex<[String]>([])
    func append(_ body: String) { bodies.withLock { $0.append(body) } }
    var all: [String] { bodies.withLock { $0 } }
}
