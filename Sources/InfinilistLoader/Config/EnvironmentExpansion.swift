/// Replaces `${NAME}` in a config value with the environment variable's value, so a config file
/// can name a token without holding it (`Authorization = "Bearer ${GITHUB_TOKEN}"`). The
/// expanded text lives only in memory: infinilist never writes it anywhere.
///
/// `$` not followed by `{` is kept as written; `$${` writes a literal `${`. A variable that is not
/// set is an error naming it (an empty one is used as it is).
public enum EnvironmentExpansion {
    /// `text` as a config value that expands back to it: each `${` written `$${` (a filter, a
    /// program or a path that `V` saves is text, not a reference to a variable).
    public static func literal(_ text: String) -> String {
        text.replacing("${", with: "$${")
    }

    /// - Parameter context: where the value is, for the error message (`[sources.gh] url, line 3`).
    public static func expand(_ text: String, environment: [String: String], context: String) throws(ConfigError) -> String {
        guard text.contains("$") else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            if after.hasPrefix("${") {
                // `$${`: a literal `${`.
                result += "${"
                rest = after.dropFirst(2)
                continue
            }
            guard after.hasPrefix("{") else {
                result += "$"
                rest = after
                continue
            }
            guard let close = after.firstIndex(of: "}") else {
                throw ConfigError("\(context): '${' without a closing '}'")
            }
            let name = String(after[after.index(after: after.startIndex)..<close])
            guard isVariableName(name) else {
                throw ConfigError("\(context): '${\(name)}' is not an environment variable name (letters, digits and _)")
            }
            guard let value = environment[name] else {
                throw ConfigError("\(context) uses ${\(name)}, but the environment variable \(name) is not set")
            }
            result += value
            rest = after[after.index(after: close)...]
        }
        result += rest
        return result
    }

    private static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
