import Foundation
import Hummingbird
import InfinilistCore
import TestSupport

/// What a GraphQL replica server received, in order: each request's method and path, its body
/// exactly as sent, and its Content-Type.
final class GraphQLLog: Sendable {
    private let requests = LockedList<String>()
    private let bodies = LockedList<String>()
    private let contentTypes = LockedList<String>()

    func record(_ request: Request, body: String) {
        requests.append("\(request.method) \(request.uri.description)")
        bodies.append(body)
        contentTypes.append(request.headers[.contentType] ?? "none")
    }

    var allRequests: [String] { requests.all }
    var allBodies: [String] { bodies.all }
    var allContentTypes: [String] { contentTypes.all }
}

/// Runs the GraphQL replicas (`GraphQLReplicas`) on a real Hummingbird server on 127.0.0.1 for
/// the duration of `body`, which receives the base URL and the server's log.
func withGraphQLServer<T: Sendable>(_ body: @Sendable (_ baseURL: String, _ log: GraphQLLog) async throws -> T) async throws -> T {
    let log = GraphQLLog()
    let router = Router()
    GraphQLReplicas.register(on: router, log: log)
    return try await withLocalServer(router: router) { port in
        try await body("http://127.0.0.1:\(port)", log)
    }
}

/// One GraphQL request as a replica reads it: the query and the variables, parsed from the body.
struct GraphQLCall {
    let query: String
    let variables: JSONValue.Members

    func string(_ name: String) -> String? { variables[name]?.stringValue }
    func int(_ name: String) -> Int? { variables[name]?.scalarText.flatMap { Int($0) } }
    /// Whether the variable was sent as JSON null (the first request's cursor).
    func isNull(_ name: String) -> Bool { variables[name]?.isNull ?? false }

    /// Reads and logs the request's body; nil (a 400 for the route to send) when it is not a
    /// GraphQL request: not JSON, no query, or not sent as application/json.
    static func read(_ request: Request, log: GraphQLLog) async throws -> GraphQLCall? {
        let buffer = try await request.body.collect(upTo: 1 << 20)
        let text = String(buffer: buffer)
        log.record(request, body: text)
        guard request.method == .post, request.headers[.contentType] == "application/json",
              let json = try? JSONParser.parse(Array(text.utf8)),
              let query = json["query"]?.stringValue
        else { return nil }
        return GraphQLCall(query: query, variables: json["variables"]?.objectValue ?? [:])
    }
}

private extension JSONValue {
    subscript(key: String) -> JSONValue? { objectValue?[key] }
}
