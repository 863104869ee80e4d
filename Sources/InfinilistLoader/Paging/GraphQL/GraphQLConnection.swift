import InfinilistCore

/// A Relay connection in a GraphQL answer (`data.repository.issues`): its items (`nodes`, or each
/// of `edges` `node`), what `pageInfo` says about the next page, and `totalCount` when the query
/// asked for it. Pure: read from the decoded body, the same way for the transport (the items) and
/// for the paging style (the cursor), so a page read again is read exactly as the first time.
struct GraphQLConnection: Sendable, Equatable {
    /// Where the connection is, e.g. `data.repository.issues`.
    let path: JSONPath
    /// Where the items were read, for `-v`: `data.repository.issues.nodes`, `….edges[].node`.
    let itemsPlace: String
    /// The items in order; null nodes (an error for that node, reported in `errors`) are left out.
    let items: [JSONValue]
    /// How many null nodes were left out.
    let nullNodes: Int
    /// `pageInfo.hasNextPage`; nil when the query did not ask for it.
    let hasNextPage: Bool?
    /// The cursor of the next page: `pageInfo.endCursor`, else the last edge's `cursor`; nil when
    /// neither is there (or is null or empty).
    let endCursor: String?
    /// Where `endCursor` was read, for reasons and `-v`: `pageInfo.endCursor` or `edges[].cursor`.
    let endCursorPlace: String?
    /// `totalCount` of the connection, when asked for.
    let totalCount: Int?

    /// The connection at `path` in `body`, when `path` leads to one: an object with `pageInfo`,
    /// `nodes` or `edges`, or the `nodes` or `edges` array of one (then its parent is meant).
    static func read(at path: JSONPath, in body: JSONValue) -> GraphQLConnection? {
        guard let value = body[path] else { return nil }
        if let members = value.objectValue, isConnection(members) { return GraphQLConnection(path: path, members: members) }
        if value.arrayValue != nil, let last = path.components.last, ["nodes", "edges"].contains(last.key) {
            let parent = JSONPath(Array(path.components.dropLast()))
            if let members = body[parent]?.objectValue { return GraphQLConnection(path: parent, members: members) }
        }
        return nil
    }

    /// Whether an object reads as a connection: `pageInfo` (an object), or `nodes` or `edges` (arrays).
    static func isConnection(_ members: JSONValue.Members) -> Bool {
        members["pageInfo"]?.objectValue != nil || members["nodes"]?.arrayValue != nil || members["edges"]?.arrayValue != nil
    }

    init(path: JSONPath, members: JSONValue.Members) {
        self.path = path
        var items: [JSONValue] = []
        var place = "\(path).nodes"
        var lastEdgeCursor: String?
        if let nodes = members["nodes"]?.arrayValue {
            items = nodes
        } else if let edges = members["edges"]?.arrayValue {
            place = "\(path).edges[].node"
            // An edge without a `node` member is kept whole: some schemas put the fields on the edge.
            items = edges.map { edge in edge.objectValue?["node"] ?? edge }
            lastEdgeCursor = edges.last?.objectValue?["cursor"].flatMap(Self.cursorText)
        }
        self.items = items.filter { !$0.isNull }
        self.nullNodes = items.count - self.items.count
        self.itemsPlace = place
        let pageInfo = members["pageInfo"]?.objectValue
        hasNextPage = pageInfo?["hasNextPage"]?.boolValue
        if let cursor = pageInfo?["endCursor"].flatMap(Self.cursorText) {
            endCursor = cursor
            endCursorPlace = "pageInfo.endCursor"
        } else if let lastEdgeCursor {
            endCursor = lastEdgeCursor
            endCursorPlace = "edges[].cursor"
        } else {
            endCursor = nil
            endCursorPlace = nil
        }
        totalCount = members["totalCount"].flatMap { value in value.scalarText.flatMap { Int($0) } }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A cursor is a non-empty string (a number is accepted as its text): null or "" is none.
    private static func cursorText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .number(let literal): return literal
        default: return nil
        }
    }
}

/// Finds the connection of a GraphQL answer: the one object under `data` that has `pageInfo`, at
/// any depth (an object with only `nodes` or `edges` when none has it: a query that asked for no
/// `pageInfo` is one page). Connections inside a connection (`labels` of each issue) belong to
/// its items and are not looked into.
enum GraphQLConnections {
    enum Problem: Error, Equatable {
        /// No connection under `data` (`data` itself may be missing or null).
        case none
        /// Several, with their paths (the first few): `--items PATH` must choose.
        case several([JSONPath], total: Int)
        /// `--items PATH` does not lead to a connection.
        case notAtPath(JSONPath)
    }

    /// At most this many paths are listed when several connections are found.
    static let listedPaths = 5

    /// The connection at `chosen` (`--items PATH`: read from the root of the answer, or under
    /// `data` when it does not start there), else the only one found under `data`.
    static func find(in body: JSONValue, chosen: JSONPath?) -> Result<GraphQLConnection, Problem> {
        if let chosen {
            if let connection = GraphQLConnection.read(at: chosen, in: body) { return .success(connection) }
            let underData = JSONPath([.key("data")] + chosen.components)
            if chosen.components.first?.key != "data", let connection = GraphQLConnection.read(at: underData, in: body) {
                return .success(connection)
            }
            return .failure(.notAtPath(chosen))
        }
        guard let data = body.objectValue?["data"] else { return .failure(.none) }
        var withPageInfo: [JSONPath] = []
        var withItemsOnly: [JSONPath] = []
        // `data` itself is the query's root, never a connection (GitHub's `nodes(ids:)` puts an
        // array called `nodes` right there): the walk starts at its members.
        for (key, member) in data.objectValue ?? [:] {
            collect(member, at: [.key("data"), .key(key)], withPageInfo: &withPageInfo, withItemsOnly: &withItemsOnly)
        }
        let candidates = withPageInfo.isEmpty ? withItemsOnly : withPageInfo
        guard let first = candidates.first, let members = body[first]?.objectValue else { return .failure(.none) }
        guard candidates.count == 1 else { return .failure(.several(Array(candidates.prefix(listedPaths)), total: candidates.count)) }
        return .success(GraphQLConnection(path: first, members: members))
    }

    /// Walks `value` in document order, without looking into a connection: connections inside
    /// one belong to its items (each issue's `labels`). Depth is bounded by the JSON parser's
    /// nesting limit.
    private static func collect(
        _ value: JSONValue,
        at path: [JSONPath.Component],
        withPageInfo: inout [JSONPath],
        withItemsOnly: inout [JSONPath]
    ) {
        switch value {
        case .object(let members):
            if members["pageInfo"]?.objectValue != nil {
                withPageInfo.append(JSONPath(path))
                return
            }
            if GraphQLConnection.isConnection(members) {
                withItemsOnly.append(JSONPath(path))
                return
            }
            for (key, member) in members {
                collect(member, at: path + [.key(key)], withPageInfo: &withPageInfo, withItemsOnly: &withItemsOnly)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collect(element, at: path + [.index(index)], withPageInfo: &withPageInfo, withItemsOnly: &withItemsOnly)
            }
        case .null, .bool, .number, .string:
            return
        }
    }
}
