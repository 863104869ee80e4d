/// Assembles a filled URL template piece by piece while keeping track of the query string, so that
/// a parameter whose only content would be an empty placeholder value can be dropped whole.
///
/// Kept apart from `URLTemplate` because it is the one subtle part of filling: `?a={cursor}&b=1`
/// must become `?b=1`, `?a={cursor}` must lose its `?`, and literal text the user wrote (even an
/// empty `&&`) must come out unchanged.
struct QueryAwareFiller {
    private enum Region { case path, query, fragment }

    private var region = Region.path
    private var head = ""
    private var pairs: [String] = []
    private var droppedPairs = 0
    private var fragment = ""
    // The query parameter being built.
    private var pair = ""
    private var pairHasPlaceholder = false
    private var pairHasEquals = false
    private var pairValueHasContent = false

    /// `inQuery` starts in the query string rather than the path: a form body is one.
    init(inQuery: Bool = false) {
        if inQuery { region = .query }
    }

    mutating func appendLiteral(_ text: String) {
        for character in text {
            switch region {
            case .path:
                head.append(character)
                if character == "?" { region = .query }
                if character == "#" { region = .fragment }
            case .query:
                if character == "&" {
                    endPair()
                } else if character == "#" {
                    endPair()
                    region = .fragment
                    fragment.append(character)
                } else {
                    pair.append(character)
                    if character == "=", !pairHasEquals {
                        pairHasEquals = true
                    } else if pairHasEquals {
                        pairValueHasContent = true
                    }
                }
            case .fragment:
                fragment.append(character)
            }
        }
    }

    /// A placeholder's value, already percent-encoded (so it holds no `?`, `&` or `#`).
    mutating func appendValue(_ encoded: String) {
        switch region {
        case .path: head += encoded
        case .fragment: fragment += encoded
        case .query:
            pair += encoded
            pairHasPlaceholder = true
            if pairHasEquals, !encoded.isEmpty { pairValueHasContent = true }
        }
    }

    mutating func finish() -> String {
        if region == .query { endPair() }
        var url = head
        if url.hasSuffix("?"), pairs.isEmpty, droppedPairs > 0 {
            url.removeLast()
        } else {
            url += pairs.joined(separator: "&")
        }
        return url + fragment
    }

    private mutating func endPair() {
        let valueIsEmpty = pairHasEquals ? !pairValueHasContent : pair.isEmpty
        if pairHasPlaceholder, valueIsEmpty {
            droppedPairs += 1
        } else {
            pairs.append(pair)
        }
        pair = ""
        pairHasPlaceholder = false
        pairHasEquals = false
        pairValueHasContent = false
    }
}
