import InfinilistCore

/// The body of every request of a GraphQL list: `{"query": …, "variables": {…}}`, where the
/// variables are the `--var` values and the cursor variable, null on the first request (unless a
/// `--var` gives it a first value) and the previous page's end cursor after that.
///
/// Built and checked once, from the command line, so that a query that does not declare the
/// cursor variable, a `--var` the query does not declare, or a non-null cursor that would be null
/// on the first request is a usage error before anything is sent.
struct GraphQLRequest: Sendable, Equatable {
    let query: String
    /// Every variable sent, in order: the `--var`s as given, then the cursor variable unless a
    /// `--var` named it.
    let variables: [(name: String, value: JSONValue)]
    /// The variable that receives the cursor (without `$`).
    let cursorVariable: String
    /// How the cursor variable was chosen, for `-v`.
    let cursorVariableSource: String

    static func == (lhs: GraphQLRequest, rhs: GraphQLRequest) -> Bool {
        lhs.query == rhs.query && lhs.cursorVariable == rhs.cursorVariable
            && lhs.variables.map(\.name) == rhs.variables.map(\.name) && lhs.variables.map(\.value) == rhs.variables.map(\.value)
    }

    /// The names infinilist recognises as the cursor variable when `--cursor-var` is not given, in
    /// order of preference: its own default, then Relay's argument name, then what `gh` uses.
    static let recognisedCursorVariables = ["cursor", "after", "endCursor"]

    /// - Parameters:
    ///   - assignments: the `--var NAME=VALUE` arguments, in order; a later one for the same name
    ///     replaces an earlier one (so the command line overrides a config file's `vars`).
    ///   - cursorVariable: `--cursor-var NAME` (with or without `$`); nil recognises one.
    init(query: String, assignments: [String], cursorVariable: String?) throws(SourceOptionError) {
        guard query.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw SourceOptionError("--graphql: the query is empty")
        }
        let declared: GraphQLVariableDefinitions
        do throws(GraphQLQueryError) {
            declared = try GraphQLVariableDefinitions(parsing: query)
        } catch {
            throw SourceOptionError("--graphql: \(error.message)")
        }
        var variables: [(name: String, value: JSONValue)] = []
        for text in assignments {
            let (name, value) = try GraphQLVariableArgument.parse(text)
            guard declared[name: name] != nil else {
                throw SourceOptionError("--var \(name): the query declares no $\(name) (\(Self.declaredText(declared)))")
            }
            if let existing = variables.firstIndex(where: { $0.name == name }) {
                variables[existing].value = value
            } else {
                variables.append((name, value))
            }
        }
        let (cursor, source) = try Self.cursorVariable(cursorVariable, declared: declared)
        if let definition = declared[name: cursor], definition.isNonNull, !variables.contains(where: { $0.name == cursor }) {
            throw SourceOptionError(
                "--graphql: the cursor variable $\(cursor) is declared \(definition.type), but the first request has no cursor "
                    + "(it sends null): declare it as \(definition.type.dropLast()), or give a first cursor with --var \(cursor)=VALUE"
            )
        }
        if !variables.contains(where: { $0.name == cursor }) { variables.append((cursor, .null)) }
        self.query = query
        self.variables = variables
        self.cursorVariable = cursor
        self.cursorVariableSource = source
    }

    /// The body as a template (`RequestTemplate.graphQL`): the query and the variables as given,
    /// in a fixed order (the loop guard compares bodies), the cursor variable being the
    /// `{cursor}` placeholder, null while there is no cursor. The first page's key carries the
    /// `--var` given for the cursor variable (`GraphQLStyle.firstKey`).
    var template: JSONTemplate {
        let members = variables.map { name, value in
            JSONTemplate.Member(name, name == cursorVariable ? .placeholder(.cursor, missing: .null) : .literal(value))
        }
        return .object([JSONTemplate.Member("query", .literal(.string(query))), JSONTemplate.Member("variables", .object(members))])
    }

    /// The request body with `cursor` in the cursor variable; nil keeps its first value (null, or
    /// the `--var` given for it): the template filled as a page's request fills it.
    func body(cursor: String?) -> [UInt8] {
        let first = variables.first { $0.name == cursorVariable }?.value
        return BodyTemplate(json: template).fill { placeholder in
            placeholder == .cursor ? cursor.map(JSONValue.string) ?? first : nil
        }
    }

    /// The `--var` value of the cursor variable, as a cursor: the first request's, for comparing
    /// with what the first page says.
    var firstCursor: String? {
        variables.first { $0.name == cursorVariable }?.value.scalarText
    }

    private static func cursorVariable(_ given: String?, declared: GraphQLVariableDefinitions) throws(SourceOptionError) -> (String, String) {
        if let given {
            let name = given.hasPrefix("$") ? String(given.dropFirst()) : given
            guard GraphQLVariableArgument.isName(name) else {
                throw SourceOptionError("--cursor-var \(OneLine.clean(given, maxCharacters: 40)): not a GraphQL variable name (letters, digits and _, not starting with a digit)")
            }
            guard declared[name: name] != nil else {
                throw SourceOptionError(
                    "--cursor-var \(name): the query declares no $\(name) (\(declaredText(declared))); "
                        + "declare it, e.g. query($\(name): String), and pass it to the connection: issues(first: 50, after: $\(name))"
                )
            }
            return (name, "--cursor-var")
        }
        if let name = recognisedCursorVariables.first(where: { declared[name: $0] != nil }) {
            return (name, name == "cursor" ? "the default" : "recognised in the query")
        }
        throw SourceOptionError(
            "--graphql: the query declares no cursor variable ($cursor, $after or $endCursor; \(declaredText(declared))): "
                + "declare one, e.g. query($cursor: String) { … issues(first: 50, after: $cursor) { … } }, or name yours with --cursor-var NAME"
        )
    }

    private static func declaredText(_ declared: GraphQLVariableDefinitions) -> String {
        declared.names.isEmpty ? "it declares no variables" : "it declares " + declared.names.map { "$" + $0 }.joined(separator: ", ")
    }
}

/// `--var NAME=VALUE`: the value is JSON when it reads as JSON (`50`, `true`, `["bug"]`,
/// `"123"`), a string otherwise (`apple`), so `--var owner=apple --var first=50` needs no quotes.
enum GraphQLVariableArgument {
    static func parse(_ text: String) throws(SourceOptionError) -> (name: String, value: JSONValue) {
        guard let equals = text.firstIndex(of: "=") else {
            throw SourceOptionError("--var \(OneLine.clean(text, maxCharacters: 40)): expected NAME=VALUE, e.g. --var owner=apple")
        }
        var name = String(text[..<equals])
        if name.hasPrefix("$") { name.removeFirst() }
        guard isName(name) else {
            throw SourceOptionError("--var \(OneLine.clean(text, maxCharacters: 40)): '\(OneLine.clean(name, maxCharacters: 40))' is not a GraphQL variable name (letters, digits and _, not starting with a digit)")
        }
        let raw = String(text[text.index(after: equals)...])
        let value = (try? JSONParser.parse(Array(raw.utf8))) ?? .string(raw)
        return (name, value)
    }

    /// A GraphQL name: `_`, ASCII letters and digits, not starting with a digit.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
