import Foundation

/// Resolves a URI reference a server sent (a redirect's `Location`, a `Link` target, a next link
/// in a body) against the URL that sent it, and checks the result as a `RequestURL`. An absolute
/// reference is checked as written, so the message names its own scheme, host or port rather
/// than what Foundation's resolution made of it.
enum URLReference {
    static func resolve(_ reference: String, against base: String) -> Result<RequestURL, URLProblem> {
        let text = PagingText.trimmed(reference)
        guard !text.isEmpty else { return .failure(URLProblem(part: .form, reason: "is empty")) }
        if let colon = text.firstIndex(of: ":"), URLScheme.isScheme(text[..<colon]) {
            return RequestURL.parse(text)
        }
        guard case .success(let baseURL) = RequestURL.parse(base) else {
            return .failure(URLProblem(part: .form, reason: "cannot be resolved: the URL it came from is not usable"))
        }
        if text.hasPrefix("//") {
            return RequestURL.parse(baseURL.origin.scheme + ":" + text)
        }
        // A path or query: spaces and controls are refused before Foundation would encode them.
        if case .failure(let problem) = RequestURL.checkCharacters(text) { return .failure(problem) }
        guard let foundationBase = URL(string: baseURL.text),
              let resolved = URL(string: text, relativeTo: foundationBase)?.absoluteURL
        else { return .failure(URLProblem(part: .form, reason: "cannot be resolved against \(baseURL.shown)")) }
        return RequestURL.parse(resolved.absoluteString)
    }
}

/// RFC 3986's scheme syntax: a letter, then letters, digits, `+`, `-` or `.`.
enum URLScheme {
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
