import InfinilistCore

/// What a URL argument without `://` that names no file was probably meant to be, said in its
/// words: every such word is refused as a URL anyway, and "has no scheme" was the wrong advice
/// for a mistyped file name (`nosuch.json`) and only half the advice for `localhost:18080/posts`.
///
/// - `host:port[/path]` is a server without its scheme: `http://` is suggested (a port is
///   what a local server is reached by).
/// - `api.github.com/repos/…`, a domain name (its last label letters, not a file's extension):
///   `https://` is suggested.
/// - anything else (`nosuch.json`, `./data`, `title`) is a file that is not there.
enum URLWord {
    /// Endings of files infinilist reads, which also look like top-level domains to a pattern.
    private static let fileExtensions: Set<String> = [
        "json", "jsonl", "ndjson", "ldjson", "jsonc", "geojson", "gz", "txt", "log", "out", "csv", "tsv",
    ]

    /// The problem with `url` as given, or nil when it is not such a word (it has a scheme, is
    /// `@NAME` or `-`, or starts the demo feed).
    static func problem(_ url: String) -> String? {
        guard !url.contains("://"), !url.hasPrefix("@"), url != "-", !url.isEmpty else { return nil }
        let authority = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if isHostAndPort(authority) {
            return "the URL \(shown(url)) has no scheme; did you mean \(shown("http://" + url))?"
        }
        if isDomainName(authority) {
            return "the URL \(shown(url)) has no scheme; did you mean \(shown("https://" + url))?"
        }
        return "no such file: \(shown(masked(url, authority: authority))) (and not a URL, which starts with http:// or https://)"
    }

    /// `localhost:18080`, `127.0.0.1:8080`: a host name and a port, no user name.
    private static func isHostAndPort(_ authority: Substring) -> Bool {
        guard let colon = authority.lastIndex(of: ":") else { return false }
        let host = authority[..<colon]
        let port = authority[authority.index(after: colon)...]
        return !host.isEmpty && host.allSatisfy(isHostCharacter)
            && !port.isEmpty && port.count <= 5 && port.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `api.github.com`: labels of host characters, the last one letters and not a file's ending.
    private static func isDomainName(_ authority: Substring) -> Bool {
        let labels = authority.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isHostCharacter) }),
              let last = labels.last, last.count >= 2, last.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return !fileExtensions.contains(last.lowercased())
    }

    private static func isHostCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == ".")
    }

    /// `user:secret@host/x` as `user:***@host/x`: a word typed as a URL may hold a password.
    private static func masked(_ url: String, authority: Substring) -> String {
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return String(url[...colon]) + "***" + String(url[at...])
    }

    /// On one line and of bounded length: the word may be anything.
    private static func shown(_ text: String) -> String {
        let cut = text.count > 120 ? text.prefix(119) + "…" : Substring(text)
        return TerminalText.sanitize(String(cut))
    }
}
