import InfinilistCore

/// Reads a GraphQL answer for the transport: the connection's items, or why the page failed.
///
/// GraphQL servers answer errors with HTTP 200, so the status says nothing: an answer with
/// `errors` and no data (missing or null), or whose data holds no connection (GitHub's
/// `"repository": null` for a repository that does not exist), is a failed page showing the first
/// error's `message` and `path`. Errors beside a connection (a field the token may not read, a
/// node that failed) leave a partial page: its items are shown, with a warning saying so.
enum GraphQLAnswer {
    struct Read: Sendable, Equatable {
        let connection: GraphQLConnection
        /// Set when the answer has errors beside its data: one line, for the user.
        let warning: String?
    }

    /// - Parameters:
    ///   - chosen: `--items PATH`, choosing the connection.
    ///   - label: `page 2`, for messages.
    ///   - host: who answered, for messages.
    ///   - echoes: the request's secrets, masked in what the errors say.
    static func read(_ body: JSONValue, chosen: JSONPath?, label: String, host: String, masking echoes: EchoedSecrets = .none) -> Result<Read, PageLoadError> {
        let errors = GraphQLErrors(in: body, masking: echoes)
        let data = body.objectValue?["data"]
        let hasData = data.map { !$0.isNull } ?? false
        if let errors, !hasData {
            return .failure(PageLoadError(.apiError, "\(label): GraphQL error from \(host): \(errors.summary)"))
        }
        switch GraphQLConnections.find(in: body, chosen: chosen) {
        case .success(let connection):
            let warning = errors.map { "GraphQL error beside the data: \($0.summary); showing the items that came" }
            return .success(Read(connection: connection, warning: warning))
        case .failure(let problem):
            if let errors {
                return .failure(PageLoadError(.apiError, "\(label): GraphQL error from \(host): \(errors.summary)"))
            }
            return .failure(PageLoadError(.noItems, message(for: problem, body: body, label: label, hasData: hasData)))
        }
    }

    private static func message(for problem: GraphQLConnections.Problem, body: JSONValue, label: String, hasData: Bool) -> String {
        switch problem {
        case .none:
            guard hasData else {
                if let errors = body.objectValue?["errors"], !errors.isNull, errors.arrayValue == nil {
                    // Not a list of errors, so not read as one: said as it came, so the user
                    // sees what the server meant (hostile pass 3).
                    let shown = OneLine.clean(errors.compactJSON, maxCharacters: 120)
                    return "\(label) has no data, and its errors is not a list of errors as GraphQL answers have: \(shown)"
                }
                let keys = body.objectValue.map { members in
                    " (top-level keys: " + members.keys.prefix(8).map { OneLine.clean($0, maxCharacters: 30) }.joined(separator: ", ") + ")"
                } ?? ""
                return "\(label) is not a GraphQL answer: it has no data and no errors\(keys)"
            }
            if let null = firstNull(in: body.objectValue?["data"], at: [.key("data")]) {
                return "\(label) has no connection under data: \(null) is null (it does not exist, or the token may not see it)"
            }
            return "\(label) has no connection under data (an object with pageInfo, nodes or edges); "
                + "ask for one, e.g. issues(first: 50, after: $cursor) { pageInfo { hasNextPage endCursor } nodes { … } }"
        case .several(let paths, let total):
            let more = total > paths.count ? ", and \(total - paths.count) more" : ""
            return "\(label) has \(total) connections (\(paths.map(\.description).joined(separator: ", "))\(more)); "
                + "choose the one to page with --items PATH"
        case .notAtPath(let path):
            var text = "\(label) has no connection at --items \(path) (an object with pageInfo, nodes or edges)"
            switch GraphQLConnections.find(in: body, chosen: nil) {
            case .success(let found): text += "; there is one at \(found.path)"
            case .failure(.several(let paths, _)): text += "; there are connections at \(paths.map(\.description).joined(separator: ", "))"
            case .failure: break
            }
            return text
        }
    }
}

extension GraphQLAnswer {
    /// The path of the first null member under `value` (objects only, a few levels deep): where
    /// the way to the connection ended (`data.project`), when no error says why.
    static func firstNull(in value: JSONValue?, at path: [JSONPath.Component], depth: Int = 0) -> JSONPath? {
        guard depth < 8, let members = value?.objectValue else { return nil }
        for (key, member) in members {
            if member.isNull { return JSONPath(path + [.key(key)]) }
            if let found = firstNull(in: member, at: path + [.key(key)], depth: depth + 1) { return found }
        }
        return nil
    }
}

/// The `errors` of a GraphQL answer, as one line: the first error's `message` and `path`, and how
/// many more there are. Nil when there are none (a missing, null or empty `errors`).
struct GraphQLErrors: Sendable, Equatable {
    let message: String
    /// `repository.issues.nodes.3`, from the error's `path`; nil when it has none.
    let path: String?
    let count: Int

    init?(in body: JSONValue, masking echoes: EchoedSecrets = .none) {
        let errors: [JSONValue]
        switch body.objectValue?["errors"] {
        case .array(let list)?: errors = list
        case .object(let single)?: errors = [.object(single)]
        default: return nil
        }
        guard let first = errors.first else { return nil }
        let members = first.objectValue
        message = (members?["message"]?.scalarText ?? first.scalarText).map { OneLine.clean(echoes.masked($0), maxCharacters: 200) }
            ?? "no message"
        path = members?["path"]?.arrayValue.flatMap { steps in
            let texts = steps.compactMap(\.scalarText)
            return texts.isEmpty ? nil : OneLine.clean(texts.joined(separator: "."), maxCharacters: 100)
        }
        count = errors.count
    }

    /// `Could not resolve to a Repository with the name 'o/x'. (path: repository) (+1 more error)`.
    var summary: String {
        var text = message
        if let path { text += " (path: \(path))" }
        if count > 1 { text += " (+\(Counted.text(count - 1, "more error", plural: "more errors")))" }
        return text
    }
}
