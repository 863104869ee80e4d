import ArgumentParser
import Foundation
import InfinilistCore
import InfinilistLoader

/// Turns the command's flags into the loader's `SourceOptions` and has them checked, once, into
/// the `SourceConfiguration` the source is built from. Every problem (bad URL or scheme, unknown
/// placeholder, malformed path, template or header, a number out of range) becomes a usage error
/// here, before any request is sent.
enum SourceFactory {
    /// - Parameter askingForPassword: ask for `-u user`'s password on the terminal (when running);
    ///   without it (while validating) only whether a terminal is there is checked.
    static func configuration(from options: CommandOptions, askingForPassword: Bool = false) throws -> SourceConfiguration {
        var source = try sourceOptions(from: options)
        // A word that is neither a file nor a URL is told which it was probably meant as.
        if source.input == nil, let url = options.url, let problem = URLWord.problem(url) {
            throw ValidationError(problem)
        }
        if let data = options.data { source.body = try BodyArguments.read(data) }
        if let user = options.user, !user.contains(":"), options.url != nil {
            guard PasswordPrompt.terminalAvailable else { throw PasswordPrompt.noTerminal(user: user) }
            source.user = askingForPassword ? user + ":" + (try PasswordPrompt.ask(user: user)) : user + ":"
        }
        do {
            return try source.validated(url: options.url)
        } catch {
            throw ValidationError(error.message)
        }
    }

    private static func sourceOptions(from options: CommandOptions) throws -> SourceOptions {
        var source = SourceOptions()
        if let size = options.pageSize {
            source.pageSize = size
            source.streamPageSize = size
        }
        source.format = options.format
        source.columns = options.columns.isEmpty ? nil : options.columns.joined(separator: ",")
        // The demo's items were posted just now, whole minutes ago (so ages read now, 3m, 6m, …).
        source.demoNewest = Int64(Date().timeIntervalSince1970) / 60 * 60
        source.idPath = options.idPath
        source.demoItems = options.demoItems
        // Out of range (or not a number) becomes a value the validation refuses, with its message.
        if let latency = options.demoLatency { source.demoLatency = .milliseconds(min(max(latency, Int(Int32.min)), 86_400_001)) }
        source.firstPage = options.firstPage
        source.itemsPath = options.itemsPath
        source.cursorPath = options.cursorPath
        source.nextPath = options.nextPath
        source.maxPages = options.maxPages
        source.firstCursor = options.firstCursor
        source.method = options.method
        source.graphQL = try options.graphQL.map { try BodyArguments.read($0, flag: "--graphql") }
        source.graphQLVariables = options.graphQLVariables
        source.cursorVariable = options.cursorVariable
        source.headers = options.headers
        if let timeout = options.timeout {
            source.timeout = timeout > 0 && timeout <= 86_400 ? .milliseconds(Int64((timeout * 1000).rounded(.up))) : .zero
        }
        if let size = options.maxPageBytes { source.maxPageBytes = size.bytes }
        if let size = options.maxSkip { source.maxSkipBytes = size.bytes }
        if let retries = options.retries { source.retry.retries = retries }
        source.trustedHosts = options.trustHosts
        source.allowInsecureRedirect = options.allowInsecureRedirect
        source.proxy = options.proxy
        source.noProxy = options.noProxy
        source.user = options.user
        source.environment = ProcessSetup.environment
        source.caCertificateFiles = options.caCertificates
        source.insecure = options.insecure
        source.input = StreamArgument.input(for: options.url)
        if let size = options.spoolMax { source.spoolMax = size.bytes }
        source.streamReadOnce = options.dump
        source.rowText = !options.dump || options.format != nil
        source.queriesRows = !options.dump && options.query.program != nil
        source.live = options.live
        // The screen re-fetches dropped pages and refreshes; a dump reads every page once, unless
        // it follows (every poll asks for the first page again).
        source.keptAnswers = options.dump && options.follow == nil ? .none : .sizedByWindow(keep: options.keep)
        return source
    }
}
