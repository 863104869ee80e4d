import ArgumentParser
import Foundation
import InfinilistCore
import InfinilistLoader

/// The `infinilist` command: parses and checks the command line, then either browses the list
/// on the terminal or, with `--dump`, writes it to stdout. Synchronous on purpose: the main thread
/// becomes the one thread that owns curses, and async work (the loader) runs on the cooperative
/// pool, reached through `Blocking.run` where the main thread must wait for it.
@main
struct Infinilist: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infinilist",
        abstract: "Browse an endless, paginated JSON list from an HTTP API in the terminal.",
        discussion: CommandHelp.discussion,
        version: InfinilistVersion.string
    )

    @OptionGroup var options: CommandOptions

    /// Sets the process up before anything can go wrong, then parses the command line as the
    /// user meant it (see `CommandWords`; an unknown option is reported as such, see
    /// `UnknownOption`) and runs.
    static func main() {
        let words = Array(CommandLine.arguments.dropFirst())
        // Said before the parser is built: reflecting over every option (and the protocol
        // conformance lookups that needs) is three quarters of the instructions `--version` ran.
        if words == ["--version"] {
            print(InfinilistVersion.string)
            return
        }
        // The usage and the options first, then the guide (CommandHelp).
        if words == ["--help"] || words == ["-h"] {
            print(CommandHelp.fullHelp())
            return
        }
        if words == ["--man"] {
            print(ManualPage.text())
            return
        }
        ProcessSetup.prepare()
        do {
            try CommandWords.checkNoEmptyValue(words)
            try CommandWords.checkHeaderCount(words)
        } catch {
            exit(withError: error)
        }
        let normalized = CommandWords.normalized(words)
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(normalized)
        } catch {
            // An unknown option is the mistake to report, not what it made of the next word.
            if exitCode(for: error) != .success, let unknown = UnknownOption.error(in: normalized) {
                exit(withError: unknown)
            }
            exit(withError: error)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    func run() throws {
        if options.man {
            print(ManualPage.text())
            return
        }
        // `@NAME`: the config file's source, with the rest of the command line on top.
        let environment = ProcessSetup.environment
        let named = try NamedSourceArguments.resolve(
            self.options,
            arguments: CommandWords.normalized(Array(CommandLine.arguments.dropFirst())),
            environment: environment
        )
        // `--view NAME`: a saved view over the source, the command line's own flags winning.
        let options = try ViewArguments.apply(to: named, commandLine: self.options, environment: environment)
        try options.query.checkSlurp(dump: options.dump, follow: options.follow != nil)
        try options.query.checkWholeListAnswers(format: options.format)
        try options.checkOutput()
        _ = try options.counting()
        _ = try options.sortField()
        let source = try SourceFactory.configuration(from: options, askingForPassword: true)
        if options.insecure, options.url != nil { InsecureWarning.write() }
        if options.dump {
            let status = try DumpRun(options: options, source: source).run()
            // Thrown only for a failure: the parser's `exit(withError:)` lays out the help text
            // to find a message even for a success, a tenth of a short dump's time.
            if status != 0 { throw ExitCode(status) }
            return
        }
        // `@NAME`: `V` saves the view back into that source.
        let sourceName = self.options.url.flatMap { $0.hasPrefix("@") && $0.count > 1 ? String($0.dropFirst()) : nil }
        let code = try InteractiveSession(options: options, source: source, sourceName: sourceName).run()
        if code != 0 { throw ExitCode(code) }
    }
}
