import Hummingbird

/// GraphQL answers that misbehave, one scenario per path (`/gql/stuck`), each a script from the
/// `$cursor` sent (null first) to the answer: a cursor that stops moving, `hasNextPage` with no
/// cursor, a cursor that comes back, errors without data, errors beside data, two connections.
/// A cursor the script never gave out is a 400, so a request past the end shows as a failure.
enum ScriptedGraphQLReplica {
    /// Scenario → cursor (`start` for null) → answer.
    static let scripts: [String: [String: String]] = [
        "stuck": [
            "start": things([1, 2, 3], hasNextPage: true, endCursor: "c1"),
            "c1": things([4, 5, 6], hasNextPage: true, endCursor: "c1"),
        ],
        // The second answer is the first again, cursor and all.
        "stuck-repeat": [
            "start": things([1, 2, 3], hasNextPage: true, endCursor: "c1"),
            "c1": things([1, 2, 3], hasNextPage: true, endCursor: "c1"),
        ],
        "nocursor": [
            "start": things([1, 2, 3], hasNextPage: true, endCursor: "n1"),
            "n1": things([4, 5, 6], hasNextPage: true, endCursor: nil),
        ],
        "cycle": [
            "start": things([1, 2, 3], hasNextPage: true, endCursor: "c1"),
            "c1": things([4, 5, 6], hasNextPage: true, endCursor: "c2"),
            "c2": things([7, 8, 9], hasNextPage: true, endCursor: "c1"),
        ],
        "broken": [
            "start": things([1, 2, 3], hasNextPage: true, endCursor: "p2"),
            "p2": #"{"data": null, "errors": [{"message": "Something went wrong while executing your query.", "path": ["viewer", "things"], "locations": [{"line": 1, "column": 40}]}]}"#,
        ],
        "errors-only": [
            "start": #"{"errors": [{"message": "Field 'thngs' doesn't exist on type 'User'", "path": ["query", "viewer", "thngs"], "extensions": {"code": "undefinedField"}}, {"message": "Variable $cursor is declared by anonymous query but not used"}]}"#,
        ],
        "partial": [
            "start": things([1, 2, 3], hasNextPage: true, endCursor: "p2"),
            "p2": String(things([4, nil, 6], hasNextPage: true, endCursor: "p3").dropLast())
                + #", "errors": [{"message": "Resource not accessible by integration", "path": ["viewer", "things", "nodes", 1]}, {"message": "Resource not accessible by integration", "path": ["viewer", "things", "nodes", 1, "title"]}]}"#,
            "p3": things([7, 8, 9], hasNextPage: false, endCursor: "p4"),
        ],
        "two": [
            "start": two(pullRequests: [101, 102, 103], hasNextPage: true, endCursor: "r1"),
            "r1": two(pullRequests: [104, 105], hasNextPage: false, endCursor: "r2"),
        ],
    ]

    static func register(on router: Router<BasicRequestContext>, log: GraphQLLog) {
        router.post("gql/:scenario") { request, context in
            guard let call = try await GraphQLCall.read(request, log: log) else { return GraphQLReplicas.notGraphQL }
            let scenario = context.parameters.get("scenario") ?? ""
            let cursor = call.isNull("cursor") ? "start" : call.string("cursor") ?? "?"
            guard let answer = scripts[scenario]?[cursor] else {
                return Replica.json(#"{"message": "no such cursor"}"#, status: .badRequest)
            }
            return Replica.json(answer)
        }
    }

    /// `data.viewer.things` with nodes `{"id": N, "name": "Thing N"}` (null for nil).
    static func things(_ ids: [Int?], hasNextPage: Bool, endCursor: String?) -> String {
        GraphQLReplicas.data(["viewer", "things"], connection(ids, hasNextPage: hasNextPage, endCursor: endCursor))
    }

    /// `data.repository` with `issues` (always the same first page) and `pullRequests`.
    static func two(pullRequests: [Int], hasNextPage: Bool, endCursor: String) -> String {
        let repository = Replica.object([
            ("issues", connection([1, 2], hasNextPage: true, endCursor: "i1")),
            ("pullRequests", connection(pullRequests, hasNextPage: hasNextPage, endCursor: endCursor)),
        ])
        return Replica.object([("data", Replica.object([("repository", repository)]))])
    }

    private static func connection(_ ids: [Int?], hasNextPage: Bool, endCursor: String?) -> String {
        let nodes = ids.map { id in id.map { Replica.object([("id", "\($0)"), ("name", Replica.quote("Thing \($0)"))]) } ?? "null" }
        return Replica.object([
            ("pageInfo", GraphQLReplicas.pageInfo(hasNextPage: hasNextPage, endCursor: endCursor)),
            ("nodes", Replica.array(nodes)),
        ])
    }
}
