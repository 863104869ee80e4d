import ArgumentParser
import InfinilistCore
import InfinilistLoader

/// Turns the command's flags into the loader's `SourceOptions` and builds the page source. Every
/// problem the loader finds (bad URL or scheme, unknown placeholder, malformed path, template or
/// header) becomes a usage error here, before any request is sent.
enum SourceFactory {
    static func sourceOptions(from options: CommandOptions) throws -> SourceOptions {
        var source = SourceOptions()
        source.pageSize = options.pageSize
        source.format = options.format
        source.idPath = options.idPath
        source.demoItems = options.demoItems
        if let latency = options.demoLatency { source.demoLatency = .milliseconds(latency) }
        source.firstPage = options.firstPage
        source.itemsPath = options.itemsPath
        source.cursorPath = options.cursorPath
        source.nextPath = options.nextPath
        source.maxPages = options.maxPages
        source.headers = options.headers
        if let timeout = options.timeout { source.timeout = .milliseconds(Int64((timeout * 1000).rounded(.up))) }
        if let size = options.maxPageBytes { source.maxPageBytes = size.bytes }
        if let retries = options.retries { source.retry.retries = retries }
        source.trustedHosts = options.trustHosts
        source.allowInsecureRedirect = options.allowInsecureRedirect
        return source
    }

    /// The demo feed without a URL, else the HTTP source. The caller closes it (`await close()`).
    static func make(url: String?, options: SourceOptions) throws -> any PageSource {
        do {
            return try PageSources.make(url: url, options: options)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
