import Hummingbird
import InfinilistCore

/// Replicas of GraphQL APIs, POST only, each answering as its API does (HTTP 200 for GraphQL
/// errors, a `data` shaped by the query, cursors that are opaque strings) and refusing a request
/// that is not JSON or carries a cursor it never gave out, so a wrong body shows as a failure.
enum GraphQLReplicas {
    static func register(on router: Router<BasicRequestContext>, log: GraphQLLog) {
        GitHubGraphQLReplica.register(on: router, log: log)
        ShopifyGraphQLReplica.register(on: router, log: log)
        LinearGraphQLReplica.register(on: router, log: log)
        GitLabGraphQLReplica.register(on: router, log: log)
        ScriptedGraphQLReplica.register(on: router, log: log)
    }

    static let notGraphQL = Replica.json(#"{"message": "Problems parsing JSON"}"#, status: .badRequest)

    /// `{"data": …}` around a connection at `data.<path…>`.
    static func data(_ path: [String], _ connection: String) -> String {
        var text = connection
        for key in path.reversed() { text = Replica.object([(key, text)]) }
        return Replica.object([("data", text)])
    }

    static func pageInfo(hasNextPage: Bool, endCursor: String?) -> String {
        Replica.object([("hasNextPage", hasNextPage ? "true" : "false"), ("endCursor", endCursor.map(Replica.quote) ?? "null")])
    }
}

/// GitHub's GraphQL API: `repository(owner:, name:) { issues(first:, after:) { totalCount pageInfo
/// nodes } }`, base64-looking cursors, `"repository": null` with a NOT_FOUND error for a
/// repository that does not exist, and a nested `labels` connection in each issue.
enum GitHubGraphQLReplica {
    static let issueCount = 23

    static func cursor(_ index: Int) -> String { "Y3Vyc29yOnYyOpHO\(index)" }

    static func register(on router: Router<BasicRequestContext>, log: GraphQLLog) {
        router.post("github/graphql") { request, _ in
            guard let call = try await GraphQLCall.read(request, log: log) else { return GraphQLReplicas.notGraphQL }
            guard call.string("owner") == "o", call.string("name") == "r" else {
                let name = "\(call.string("owner") ?? "")/\(call.string("name") ?? "")"
                return Replica.json(#"{"data": {"repository": null}, "errors": [{"type": "NOT_FOUND", "path": ["repository"], "locations": [{"line": 1, "column": 60}], "message": "Could not resolve to a Repository with the name '\#(name)'."}]}"#)
            }
            let first = call.int("first") ?? 0
            var start = 0
            if !call.isNull("after") {
                guard let after = call.string("after"), let index = (0..<issueCount).first(where: { cursor($0) == after }) else {
                    return Replica.json(#"{"data": null, "errors": [{"message": "`\#(call.string("after") ?? "?")` does not appear to be a valid cursor.", "path": ["repository", "issues"]}]}"#)
                }
                start = index + 1
            }
            let range = Replica.window(start, first, total: issueCount)
            let nodes = range.map { index in
                Replica.object([
                    ("number", "\(index + 1)"), ("title", Replica.quote("Issue \(index + 1)")),
                    ("labels", Replica.object([
                        ("totalCount", "1"), ("pageInfo", GraphQLReplicas.pageInfo(hasNextPage: false, endCursor: "MQ")),
                        ("nodes", #"[{"name": "bug"}]"#),
                    ])),
                ])
            }
            let connection = Replica.object([
                ("totalCount", "\(issueCount)"),
                ("pageInfo", GraphQLReplicas.pageInfo(hasNextPage: range.upperBound < issueCount, endCursor: range.isEmpty ? nil : cursor(range.upperBound - 1))),
                ("nodes", Replica.array(nodes)),
            ])
            return Replica.json(GraphQLReplicas.data(["repository", "issues"], connection))
        }
    }
}

/// Shopify's Admin GraphQL API: `products(first:, after:) { edges { cursor node } pageInfo {
/// hasNextPage } }` (the query asks for no `endCursor`: the last edge's cursor goes on), global
/// ids, and the query's cost under `extensions`.
enum ShopifyGraphQLReplica {
    static let productCount = 24

    static func cursor(_ index: Int) -> String { "eyJsYXN0X2lkIjo\(7_000_000 + index)" }

    static func register(on router: Router<BasicRequestContext>, log: GraphQLLog) {
        router.post("shopify/admin/api/2024-01/graphql.json") { request, _ in
            guard let call = try await GraphQLCall.read(request, log: log), let first = call.int("first") else {
                return Replica.json(#"{"errors": [{"message": "Variable $first of type Int! was provided invalid value"}]}"#)
            }
            var start = 0
            if !call.isNull("cursor") {
                guard let after = call.string("cursor"), let index = (0..<productCount).first(where: { cursor($0) == after }) else {
                    return Replica.json(#"{"errors": [{"message": "Invalid cursor for current pagination sort.", "path": ["products"]}]}"#)
                }
                start = index + 1
            }
            let range = Replica.window(start, first, total: productCount)
            let edges = range.map { index in
                Replica.object([
                    ("cursor", Replica.quote(cursor(index))),
                    ("node", Replica.object([("id", Replica.quote("gid://shopify/Product/\(7_000_000 + index)")), ("title", Replica.quote("Product \(index + 1)"))])),
                ])
            }
            let info = call.query.contains("endCursor")
                ? GraphQLReplicas.pageInfo(hasNextPage: range.upperBound < productCount, endCursor: range.isEmpty ? nil : cursor(range.upperBound - 1))
                : Replica.object([("hasNextPage", range.upperBound < productCount ? "true" : "false")])
            let connection = Replica.object([("edges", Replica.array(edges)), ("pageInfo", info)])
            let extensions = #""extensions": {"cost": {"requestedQueryCost": 12, "actualQueryCost": 12, "throttleStatus": {"maximumAvailable": 2000.0, "currentlyAvailable": 1988, "restoreRate": 100.0}}}"#
            let body = GraphQLReplicas.data(["products"], connection)
            return Replica.json(String(body.dropLast()) + ", " + extensions + "}")
        }
    }
}

/// Linear's API: `issues(first:, after:) { nodes { id identifier title } pageInfo { hasNextPage
/// endCursor } }`; the end cursor is the last node's id, and stays set on the last page.
enum LinearGraphQLReplica {
    static let issueCount = 17

    static func id(_ index: Int) -> String { "8c2b3f4e-5d6a-4b7c-9e8f-0a1b2c3d4e" + (index < 10 ? "0\(index)" : "\(index)") }

    static func register(on router: Router<BasicRequestContext>, log: GraphQLLog) {
        router.post("linear/graphql") { request, _ in
            guard let call = try await GraphQLCall.read(request, log: log) else { return GraphQLReplicas.notGraphQL }
            let first = call.int("first") ?? 50
            var start = 0
            if !call.isNull("after") {
                guard let after = call.string("after"), let index = (0..<issueCount).first(where: { id($0) == after }) else {
                    return Replica.json(#"{"errors": [{"message": "Argument Validation Error", "extensions": {"code": "INVALID_INPUT"}}], "data": null}"#)
                }
                start = index + 1
            }
            let range = Replica.window(start, first, total: issueCount)
            let nodes = range.map { index in
                Replica.object([("id", Replica.quote(id(index))), ("identifier", Replica.quote("ENG-\(index + 1)")), ("title", Replica.quote("Linear issue \(index + 1)"))])
            }
            let connection = Replica.object([
                ("nodes", Replica.array(nodes)),
                ("pageInfo", GraphQLReplicas.pageInfo(hasNextPage: range.upperBound < issueCount, endCursor: range.isEmpty ? nil : id(range.upperBound - 1))),
            ])
            return Replica.json(GraphQLReplicas.data(["issues"], connection))
        }
    }
}

/// GitLab's GraphQL API: `project(fullPath:) { issues(first:, after:) { count pageInfo nodes } }`
/// (`count`, not `totalCount`; `iid` a string); a project that does not exist, or that the token
/// may not see, is `"project": null` with no error at all.
enum GitLabGraphQLReplica {
    static let issueCount = 12

    static func cursor(_ index: Int) -> String { "eyJjcmVhdGVkX2F0IjoiMjAyNC0wMS0\(index)" }

    static func register(on router: Router<BasicRequestContext>, log: GraphQLLog) {
        router.post("gitlab/api/graphql") { request, _ in
            guard let call = try await GraphQLCall.read(request, log: log) else { return GraphQLReplicas.notGraphQL }
            guard call.string("path") == "group/project" else { return Replica.json(#"{"data": {"project": null}}"#) }
            let first = call.query.contains("first: 5") ? 5 : 100
            var start = 0
            if !call.isNull("after") {
                guard let after = call.string("after"), let index = (0..<issueCount).first(where: { cursor($0) == after }) else {
                    return Replica.json(#"{"errors": [{"message": "Argument 'after' on Field 'issues' has an invalid value", "locations": [{"line": 1, "column": 50}]}]}"#)
                }
                start = index + 1
            }
            let range = Replica.window(start, first, total: issueCount)
            let nodes = range.map { index in
                Replica.object([("iid", Replica.quote("\(index + 1)")), ("title", Replica.quote("GitLab issue \(index + 1)"))])
            }
            let connection = Replica.object([
                ("count", "\(issueCount)"),
                ("pageInfo", GraphQLReplicas.pageInfo(hasNextPage: range.upperBound < issueCount, endCursor: range.isEmpty ? nil : cursor(range.upperBound - 1))),
                ("nodes", Replica.array(nodes)),
            ])
            return Replica.json(GraphQLReplicas.data(["project", "issues"], connection))
        }
    }
}
