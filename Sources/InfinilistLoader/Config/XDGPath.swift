/// Where the XDG base directories put infinilist's files: `$XDG_CONFIG_HOME/infinilist/NAME`
/// (or `$XDG_STATE_HOME/…`) when the variable holds an absolute path, as the specification says
/// to ignore a relative one, else `~/.config/infinilist/NAME` (or `~/.local/state/…`); nil
/// when neither is set.
public enum XDGPath {
    public enum Base: Sendable {
        /// Settings the user writes (the config file).
        case config
        /// What a run leaves for the next (the jq prompt's history).
        case state

        var variable: String { self == .config ? "XDG_CONFIG_HOME" : "XDG_STATE_HOME" }
        var fallback: String { self == .config ? ".config" : ".local/state" }
    }

    public static func file(_ name: String, in base: Base, environment: [String: String]) -> String? {
        if let directory = environment[base.variable], directory.hasPrefix("/") {
            return directory + "/infinilist/" + name
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/\(base.fallback)/infinilist/" + name
        }
        return nil
    }
}
