/// Finds an item's address on the web, for `o`: `--open PATH` when given, else the first of the
/// fields APIs use for the page a person reads (GitHub's `html_url` before its API `url`,
/// GitLab's `web_url`, Reddit's `permalink`, …), in the item or in a wrapper (`data`,
/// `attributes`). Only http and https addresses are opened: a `file:` or `javascript:` address
/// from a server is never handed to a browser.
public enum WebAddress {
    /// What looking found.
    public enum Lookup: Sendable, Equatable {
        /// An http or https address.
        case found(String)
        /// A value where an address was expected, but not an http or https one (as it was).
        case notWeb(String)
        /// No field held an address.
        case absent
    }

    /// The fields tried, in order, when `--open` does not say.
    public static let fields: [JSONPath] = [
        "html_url", "web_url", "permalink", "url", "link", "href", "_links.html.href", "links.html",
        "_links.web.href", "webUrl", "canonical_url", "story_url",
    ].map { JSONPath($0.split(separator: ".").map { .key(String($0)) }) }

    /// Reddit's `permalink` is a path on its site.
    static let redditOrigin = "https://www.reddit.com"

    /// The address in `json` (an item's compact JSON): at `path`, or at the first of `fields`.
    public static func find(in json: String, path: JSONPath? = nil) -> Lookup {
        guard let item = try? JSONParser.parse(json) else { return .absent }
        let roots = [item] + ItemFormatter.wrapperKeys.compactMap { key in
            item.objectValue?[key].flatMap { $0.objectValue != nil ? $0 : nil }
        }
        let paths = path.map { [$0] } ?? fields
        var rejected: String?
        for root in (path == nil ? roots : [item]) {
            for candidate in paths {
                guard let text = address(at: candidate, in: root) else { continue }
                if isWeb(text) { return .found(text) }
                rejected = rejected ?? text
            }
        }
        return rejected.map(Lookup.notWeb) ?? .absent
    }

    /// The text at `path`: a string, or the `href` of an object (JSON:API and HAL links); a
    /// permalink starting with `/` is made absolute on Reddit.
    private static func address(at path: JSONPath, in root: JSONValue) -> String? {
        guard let value = root[path] else { return nil }
        let text = value.stringValue ?? value.objectValue?["href"]?.stringValue
        guard let text, !text.isEmpty else { return nil }
        if path.components.last?.key == "permalink", text.hasPrefix("/"), !text.hasPrefix("//") {
            return redditOrigin + text
        }
        return text
    }

    /// An http or https address with a host, and nothing a browser or its command line could
    /// take another way (no spaces, no control characters).
    public static func isWeb(_ text: String) -> Bool {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return false
        }
        guard let host = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first,
              !host.isEmpty else { return false }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
