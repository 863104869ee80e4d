/// The status line's name for a URL: host and path, without scheme, credentials or query
/// (`api.github.com/repos/apple/swift/issues`), so it is short and leaks no token.
enum SourceName {
    static func of(_ url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let slash = rest.firstIndex(of: "/"), let at = rest[..<slash].lastIndex(of: "@") {
            rest = rest[rest.index(after: at)...]
        } else if rest.firstIndex(of: "/") == nil, let at = rest.lastIndex(of: "@") {
            rest = rest[rest.index(after: at)...]
        }
        while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
        return OneLine.clean(String(rest), maxCharacters: 80)
    }
}
