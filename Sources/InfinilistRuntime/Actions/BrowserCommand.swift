/// The program `o` starts: `$BROWSER` when set, as most Unix programs read it (a `:`-separated
/// list of commands, the first one used; words split at spaces, never by a shell; `%s` is
/// replaced by the address, else the address is added at the end), else `xdg-open` (`open` on
/// macOS). The address is always one argument of its own.
public enum BrowserCommand {
    public static func arguments(for address: String, browser: String?) -> [String] {
        let command = browser?.split(separator: ":").first { !$0.allSatisfy(\.isWhitespace) }
        var words = command.map { $0.split(separator: " ").map(String.init) } ?? []
        guard !words.isEmpty else {
            #if os(macOS)
            return ["open", address]
            #else
            return ["xdg-open", address]
            #endif
        }
        if words.contains(where: { $0.contains("%s") }) {
            words = words.map { $0.replacing("%s", with: address) }
        } else {
            words.append(address)
        }
        return words
    }
}
