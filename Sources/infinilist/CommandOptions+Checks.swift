import ArgumentParser

/// Checks of `CommandOptions` beyond the ranges in `validate()`: values that would be silently
/// wrong rather than out of range.
extension CommandOptions {
    /// Every text option and the URL must be non-empty: an empty `--format ''` or `items = ""`
    /// in the config file would otherwise stand for "the default" without saying so, and an
    /// empty URL for the demo feed. `--prefetch` must not be negative.
    func checkValues() throws {
        if let url, url.isEmpty { throw ValidationError("the URL is empty: give the API's URL, or none for the demo feed") }
        let texts: [(String?, String)] = [
            (itemsPath, "--items"), (format, "--format"), (idPath, "--id"), (cursorPath, "--cursor"),
            (nextPath, "--next"), (firstCursor, "--first-cursor"), (method, "--request"), (data, "--data"),
            (graphQL, "--graphql"), (cursorVariable, "--cursor-var"), (follow, "--follow"),
        ]
        for (value, flag) in texts where value?.isEmpty == true {
            throw ValidationError(EmptyValue.message(flag: flag))
        }
        if headers.contains(where: \.isEmpty) { throw ValidationError(EmptyValue.message(flag: "--header")) }
        if graphQLVariables.contains(where: \.isEmpty) { throw ValidationError(EmptyValue.message(flag: "--var")) }
        if trustHosts.contains(where: \.isEmpty) { throw ValidationError(EmptyValue.message(flag: "--trust-hosts")) }
        if columns.contains(where: \.isEmpty) { throw ValidationError(EmptyValue.message(flag: "--columns")) }
        if case .fixed(let rows) = prefetch, rows < 0 {
            throw ValidationError("--prefetch must be auto or a number of rows of at least 0, not \(rows)")
        }
    }
}
