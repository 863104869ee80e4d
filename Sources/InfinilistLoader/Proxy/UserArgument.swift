/// `-u user:password`: Basic auth for the starting origin, sent by the same rule as `-H` and the
/// URL's own `user:password@` (which it replaces). The command line asks for a missing password
/// on the terminal before it gets here.
enum UserArgument {
    static func credentials(_ text: String?) throws(SourceOptionError) -> URLCredentials? {
        guard let text else { return nil }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let user = String(parts[0])
        guard !user.isEmpty else { throw SourceOptionError("-u needs a user name: -u user:password, or -u user to be asked for the password") }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw SourceOptionError("-u \(OneLine.clean(user, maxCharacters: 40)): the user name or password contains a control character")
        }
        return URLCredentials(user: user, password: parts.count > 1 ? String(parts[1]) : "")
    }
}
