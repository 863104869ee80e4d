import ArgumentParser
import Foundation
import InfinilistCore
import InfinilistLoader

/// `--view NAME`: the view settings of the config file's `[sources.NAME]` (its columns, sort,
/// filter, jq and format, what `V` saves) laid over any source. The view replaces those settings
/// wholly, a `@SOURCE`'s included (a view without a jq program shows the items), except the
/// ones the command line itself gives, which win as they do over a named source.
enum ViewArguments {
    /// The settings a view is made of, as `V` writes them.
    static let keys = SavedView.keys

    /// `options` with the view applied; `commandLine` is the command line as parsed before any
    /// `@SOURCE` was read, to tell what was typed.
    static func apply(to options: CommandOptions, commandLine: CommandOptions, environment: [String: String]) throws -> CommandOptions {
        guard let given = options.view else { return options }
        // `--view @gh` names the view `@gh` opens.
        let name = given.hasPrefix("@") ? String(given.dropFirst()) : given
        let shownName = TerminalText.sanitize(name)
        guard let path = ConfigFile.defaultPath(environment: environment) else {
            throw ValidationError("--view \(shownName): cannot find the config file: neither XDG_CONFIG_HOME nor HOME is set")
        }
        var values: [String: [String]] = [:]
        do {
            let source = try ConfigFile.load(path: path).source(named: name)
            for setting in try source.arguments(only: keys, environment: environment, file: path) {
                // `--flag value` pairs: an array setting repeats the flag.
                values[setting.key, default: []] += stride(from: 1, to: setting.words.count, by: 2).map { setting.words[$0] }
            }
        } catch {
            throw ValidationError("--view \(shownName): \(error.message)")
        }
        var result = options
        // A table (`columns`) or lines (`format`): one typed on the command line drops the other.
        if commandLine.columns.isEmpty { result.columns = commandLine.format == nil ? values["columns"] ?? [] : [] }
        if commandLine.sort == nil { result.sort = values["sort"]?.last }
        if commandLine.filter == nil { result.filter = values["filter"]?.last }
        if commandLine.query.program == nil { result.query.program = values["jq"]?.last }
        if commandLine.format == nil { result.format = commandLine.columns.isEmpty ? values["format"]?.last : nil }
        return result
    }

    /// The `url` a new view's table gets when the list was not opened from a named source: the
    /// address as given, a file as an absolute path (so `@NAME` opens it from anywhere); none
    /// for standard input, or for an address holding a password (never written to a file).
    static func urlToSave(_ url: String?) -> String? {
        guard let url, url != "-", !url.isEmpty else { return nil }
        if url.contains("://") {
            let start = url.firstRange(of: "://")?.upperBound ?? url.startIndex
            let authority = url[start...].prefix { $0 != "/" }
            return authority.contains("@") && authority.prefix(while: { $0 != "@" }).contains(":") ? nil : url
        }
        guard let resolved = realpath(url, nil) else { return url }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
