/// Reads a `-H 'Name: value'` argument. A malformed one is a usage error that names what is
/// wrong without ever showing the value (or, without a colon, any of the argument): it is
/// usually a token.
enum HeaderArgument {
    static func parse(_ line: String) throws(SourceOptionError) -> HeaderField {
        if let header = HeaderField(line: line) { return header }
        guard let colon = line.firstIndex(of: ":") else {
            throw SourceOptionError("malformed header: a -H argument has no ':' (expected 'Name: value'; the argument is not shown, as it may hold a secret)")
        }
        let name = PagingText.trimmed(String(line[..<colon]))
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }) else {
            throw SourceOptionError("malformed header: the name before ':' in a -H argument is empty or has characters a header name cannot have")
        }
        throw SourceOptionError("malformed header '\(name)': its value has a line break or control character, which could smuggle a header into the request")
    }
}

/// How many headers a run may give (`-H`, a config file's `headers`): 1,000. The command-line
/// parser (swift-argument-parser) spends time growing with the square of how often a flag is
/// repeated (20,000 `-H` took 26 s of CPU before the first request), so the count is checked
/// before it reads anything; servers refuse far fewer anyway (Apache's default is 100 fields).
public enum HeaderCount {
    public static let limit = 1000

    /// The usage error's words for `count` headers given `where` ("on the command line").
    public static func message(_ count: Int, given place: String) -> String {
        "\(count) headers \(place); at most \(limit) can be given (servers refuse far fewer: Apache's default is 100)"
    }
}
