@testable import InfinilistCore


/// Parses `text`, failing the test on error with the parser's message.
func json(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws -> JSONValue {
    try JSONParser.parse(text, maxDepth: maxDepth)
}

/// The parse error for `bytes`, or nil if they parse.
func jsonError(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

func jsonError(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
    jsonError(Array(text.utf8), maxDepth: maxDepth)
}

func path(_ text: String) throws -> JSONPath {
    try JSONPath(parsing: text)
}

func pathError(_ text: String) -> JSONPathError? {
    do {
        _ = try JSONPath(parsing: text)
        return nil
    } catch {
        return error
    }
}

func templateError(_ template: String) -> JSONPathError? {
    do {
        _ = try ItemFormatter(template: template)
        return nil
    } catch {
        return error
    }
}

/// Builds an object literal in tests, members in the order written.
func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    var members = JSONObject()
    for (key, value) in pairs {
        members[key] = value
    }
    return .object(members)
}
