import InfinilistLoader

/// Runs `body` with an `HTTPSource` for `url`, closes the source whatever happens, and returns
/// what `body` returned or throws what it threw.
///
/// The source owns an AsyncHTTPClient `HTTPClient`, and a debug build stops the whole process
/// when one is deinitialised without having been shut down ("Client not shut down before the
/// deinit"): a test that throws (`try #require`, a failed `try await`) or returns early before its
/// own `close()` would take every other test's result with it.
///
/// Whatever else reads the source (a `Loader`, a `Dumper` task) must have stopped by the time
/// `body` returns or throws, so the source is closed last; `withShutdown(of:_:)` does that for a
/// loader. Checks that need the source closed first go after the call, on what `body` returned.
func withHTTPSource<Result>(
    url: String,
    options: SourceOptions = SourceOptions(),
    _ body: (HTTPSource) async throws -> Result
) async throws -> Result {
    let source = try HTTPSource(url: url, options: options)
    return try await withClosing(source, body)
}

/// `body` with a source already made, closed afterwards whatever happens (see
/// `withHTTPSource(url:options:_:)` for why).
func withClosing<Result>(_ source: HTTPSource, _ body: (HTTPSource) async throws -> Result) async throws -> Result {
    let result: Result
    do {
        result = try await body(source)
    } catch {
        await source.close()
        throw error
    }
    await source.close()
    return result
}

/// Runs `body`, then shuts `loader` down whatever happens: its fetches are cancelled and waited
/// for, so the source it reads can be closed next (by a `withHTTPSource` around this call). A
/// loader left running when a test throws would go on using a source that is being closed.
func withShutdown<Result>(of loader: Loader, _ body: () async throws -> Result) async throws -> Result {
    let result: Result
    do {
        result = try await body()
    } catch {
        await loader.shutdown()
        throw error
    }
    await loader.shutdown()
    return result
}
