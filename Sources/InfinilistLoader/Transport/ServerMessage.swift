import InfinilistCore

/// Finds the human-readable message in a JSON error body (`{"message": …}`, `{"error": …}`,
/// `{"detail": …}`, `{"error": {"message": …}}`, `{"errors": [{"message": …}]}`), so that a failed
/// request can say what the server said rather than only its status.
enum ServerMessage {
    static let keys = ["message", "error_description", "error", "detail", "title", "errors", "msg", "reason"]

    /// The message, with the request's secrets masked before it is cut to fit.
    static func extract(from bytes: [UInt8], masking echoes: EchoedSecrets = .none) -> String? {
        guard let json = try? JSONParser.parse(bytes, maxDepth: 64) else { return nil }
        return message(in: json, depth: 0).map { OneLine.clean(echoes.masked($0), maxCharacters: 160) }
    }

    private static func message(in value: JSONValue, depth: Int) -> String? {
        guard depth < 4 else { return nil }
        switch value {
        case .string(let text):
            return text.allSatisfy(\.isWhitespace) ? nil : text
        case .array(let elements):
            return elements.first.flatMap { message(in: $0, depth: depth + 1) }
        case .object(let members):
            for key in keys {
                if let inner = members[key], let text = message(in: inner, depth: depth + 1) { return text }
            }
            return nil
        case .null, .bool, .number:
            return nil
        }
    }
}
