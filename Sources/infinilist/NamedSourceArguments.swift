import ArgumentParser
import Foundation
import InfinilistCore
import InfinilistLoader

/// `infinilist @NAME [flags]`: replaces `@NAME` with the source's settings from the config file
/// (its URL and flags, `${VAR}` filled from the environment) and parses the command line again,
/// the config's flags first, so a flag given on the command line wins (a header with the same
/// name replaces the config's). The result lives in memory only; nothing is written to disk.
enum NamedSourceArguments {
    /// The options `@NAME` stands for, merged with the rest of `arguments` (the command line
    /// without the program's name). Config problems are usage errors naming the file and line.
    static func resolve(
        _ options: CommandOptions,
        arguments: [String],
        environment: [String: String]
    ) throws -> CommandOptions {
        guard let token = options.url, token.hasPrefix("@") else { return options }
        let name = String(token.dropFirst())
        // As messages show it: a control character typed or in the file is escaped, never sent.
        let shownName = TerminalText.sanitize(name)
        guard let path = ConfigFile.defaultPath(environment: environment) else {
            throw ValidationError("@\(shownName): cannot find the config file: neither XDG_CONFIG_HOME nor HOME is set")
        }
        // `infinilist @` alone lists the sources there are, as `git remote` does.
        guard !name.isEmpty else {
            guard FileManager.default.fileExists(atPath: path) else {
                throw CleanExit.message("no config file at \(path); write one with [sources.NAME] tables (see README, \"Configuration\")")
            }
            do {
                throw CleanExit.message(try ConfigFile.load(path: path).listing)
            } catch let error as ConfigError {
                throw ValidationError(error.message)
            }
        }
        let settings: [ConfigArgument]
        let asWritten: [ConfigArgument]
        do {
            let source = try ConfigFile.load(path: path).source(named: name)
            settings = try source.arguments(environment: environment, file: path)
            asWritten = try source.arguments(environment: environment, file: path, expanding: false)
        } catch {
            throw ValidationError(error.message)
        }
        try check(settings, asWritten: asWritten, name: name, path: path)

        // A header given on the command line replaces the config's header of the same name.
        let overridden = Set(options.headers.map(Self.headerName))
        // A key bound on the command line replaces the config's binding of that key.
        let rebound = Set(((try? BindingParser.parse(options.bind)) ?? []).map(\.key))
        var configWords: [String] = []
        for setting in settings where !setting.isURL {
            if setting.words.first == "--header", setting.words.count == 2, overridden.contains(headerName(setting.words[1])) {
                continue
            }
            // A row is a table or a line of text: the command line's choice drops the source's other.
            if setting.key == "columns", options.format != nil { continue }
            if setting.key == "format", !options.columns.isEmpty { continue }
            if setting.words.first == "--bind", !rebound.isEmpty {
                configWords += ConfigBindings.words(setting.words, without: rebound)
                continue
            }
            configWords += setting.attachedWords
        }
        // (`check` above refused a url naming another source.)
        let url = settings.first(where: \.isURL)?.words ?? []

        // The @NAME word to drop: the one whose removal leaves a command line that still parses
        // (an option's value may happen to start with @ too).
        var firstError: (any Error)?
        for index in arguments.indices where arguments[index] == token {
            var rest = arguments
            rest.remove(at: index)
            do {
                let merged = try CommandOptions.parse(CommandWords.normalized(url + configWords + rest))
                if merged.url?.hasPrefix("@") != true { return merged }
            } catch {
                firstError = firstError ?? error
            }
        }
        let reason = firstError.map { CommandOptions.message(for: $0) } ?? "the command line names @\(shownName) in an unexpected place"
        throw ValidationError("with @\(shownName) from \(path): \(reason)")
    }

    /// Each setting alone (with the source's URL) must be a flag infinilist takes, with a value
    /// of its type (true or false for a flag) that its validation accepts, so that a mistake is
    /// reported at its line rather than as an anonymous error about the whole command line.
    /// Every message is made from the setting as written: an expanded `${VAR}` (a token) is
    /// never shown.
    ///
    /// The body (`data`) is checked first, and every other setting with it, since its
    /// placeholders are where `cursor` and `first_cursor` find their `{cursor}`.
    private static func check(_ settings: [ConfigArgument], asWritten: [ConfigArgument], name: String, path: String) throws {
        let isBody = { (setting: ConfigArgument) in setting.key.replacingOccurrences(of: "_", with: "-") == "data" }
        let url = settings.first(where: \.isURL)?.words ?? []
        // One source naming another is not followed: said at its line (hostile pass 3: it was
        // "the command line names @b in an unexpected place").
        if let setting = asWritten.first(where: \.isURL), let named = setting.words.last, named.hasPrefix("@") {
            throw ValidationError("\(path) line \(setting.line) ([sources.\(name)] \(setting.key)): \(named) names another source; "
                + "a source's url must be the address itself (copy it from [sources.\(named.dropFirst())])")
        }
        let pairs = zip(settings, asWritten).filter { !$0.0.isURL }
        let bodyFirst = pairs.filter { isBody($0.0) } + pairs.filter { !isBody($0.0) }
        let body = settings.filter(isBody).flatMap(\.attachedWords)
        for (setting, written) in bodyFirst {
            let context = isBody(setting) ? url : url + body
            let place = "\(path) line \(setting.line) ([sources.\(name)] \(setting.key))"
            let flag = setting.key.replacingOccurrences(of: "_", with: "-")
            if let problem = CommandShape.options.typeProblem(name: flag, value: written.value) {
                throw ValidationError("\(place): \(problem)")
            }
            do {
                try CommandWords.checkNoEmptyValue(written.attachedWords)
            } catch {
                throw ValidationError("\(place): \(CommandOptions.message(for: error))")
            }
            let together = companions(of: flag, in: settings)
            let writtenTogether = companions(of: flag, in: asWritten)
            do {
                _ = try CommandOptions.parse(CommandWords.normalized(context + together + setting.attachedWords))
            } catch {
                do {
                    _ = try CommandOptions.parse(CommandWords.normalized(context + writtenTogether + written.attachedWords))
                } catch {
                    throw ValidationError("\(place): \(CommandOptions.message(for: error))")
                }
                throw ValidationError("\(place): the value, once its ${...} variables are filled in, is not valid for \(setting.words.first ?? setting.key)")
            }
        }
    }

    /// Settings that mean nothing alone, by flag, and the flags they are checked with: a GraphQL
    /// query's variables and cursor variable are checked against the query, and the query with
    /// them (its cursor variable may be named by `cursor_var`, or given a first value in `vars`).
    private static let checkedWith: [String: Set<String>] = [
        "var": ["graphql"], "vars": ["graphql"], "cursor-var": ["graphql"],
        "graphql": ["var", "vars", "cursor-var"],
        // A jq program's variables and output form are read with it.
        "jq": ["arg", "argjson", "raw-output", "slurp", "slurp-max"], "arg": ["jq", "argjson", "raw-output"],
        "argjson": ["jq", "arg", "raw-output"], "raw-output": ["jq", "arg", "argjson"],
        "slurp": ["jq", "slurp-max"], "slurp-max": ["jq", "slurp"],
    ]

    /// The words of the settings `flag` is checked with (see `checkedWith`), in file order.
    private static func companions(of flag: String, in settings: [ConfigArgument]) -> [String] {
        guard let names = checkedWith[flag] else { return [] }
        return settings.filter { !$0.isURL && names.contains($0.key.replacingOccurrences(of: "_", with: "-")) }.flatMap(\.attachedWords)
    }

    /// `@NAME` for every source of the config file, for shell completion of the URL argument;
    /// none when there is no readable file.
    static func completions() -> [String] {
        guard let path = ConfigFile.defaultPath(environment: ProcessSetup.environment),
              let file = try? ConfigFile.load(path: path) else { return [] }
        return file.sources.map { "@" + $0.name }
    }

    /// `Authorization` of `Authorization: Bearer x`, lowercased.
    private static func headerName(_ header: String) -> String {
        String(header.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces).lowercased()
    }
}
