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
