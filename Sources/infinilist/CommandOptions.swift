import ArgumentParser

/// Every flag of the command, with its help text. Kept apart from `Infinilist` so the command
/// reads as "parse, then run", and so issue 6's config file can fill the same fields.
struct CommandOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The API's URL, with {page} where the page number goes. Without a URL, the built-in demo feed is shown.",
        valueName: "url"
    ))
    var url: String?

    // MARK: Demo feed

    @Option(name: .customLong("demo-latency"), help: ArgumentHelp(
        "Simulated latency of each demo page, in milliseconds (default: 300).", valueName: "ms"))
    var demoLatency: Int?

    @Option(name: .customLong("demo-items"), help: ArgumentHelp(
        "Make the demo feed finite, with this many items, so its end row is seen.", valueName: "n"))
    var demoItems: Int?

    // MARK: The API

    @Option(name: .customLong("first-page"), help: ArgumentHelp(
        "The number of the first page, put in place of {page} (HN Algolia counts from 0).", valueName: "n"))
    var firstPage: Int = 1

    @Option(name: .customLong("page-size"), help: ArgumentHelp(
        "Items per page: the value of {limit} in the URL, and the demo feed's page size.", valueName: "n"))
    var pageSize: Int = 50

    @Option(name: .customLong("items"), help: ArgumentHelp(
        "Where the array of items is in each response, e.g. data.children or hits (default: the root array, or a common key such as items, data, results, hits).",
        valueName: "path"))
    var itemsPath: String?

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "The text of each row: {PATH} is replaced by that field, e.g. '{title} ({score}) by {user.login}' (default: a title- or name-like field).",
        valueName: "template"))
    var format: String?

    @Option(name: .customLong("id"), help: ArgumentHelp(
        "The field that identifies an item, e.g. id or data.name.", valueName: "path"))
    var idPath: String?

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp(
        "A request header, e.g. 'Authorization: Bearer TOKEN'. Repeatable. Sent only to the URL's own origin.",
        valueName: "name: value"))
    var headers: [String] = []

    @Option(name: .customLong("prefetch"), help: ArgumentHelp(
        "Load the next page when the cursor comes this many rows from the last loaded row (default: one screen).",
        valueName: "n"))
    var prefetch: Int?

    @Option(name: .customLong("timeout"), help: ArgumentHelp(
        "Give up on a request after this many seconds, connecting included (default: 30).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .customLong("max-page-bytes"), help: ArgumentHelp(
        "Refuse a response body larger than this; a number of bytes, or with a suffix K, M or G (default: 32M).",
        valueName: "size"))
    var maxPageBytes: ByteSize?

    // MARK: Output

    @Flag(name: .customLong("dump"), help: "Write every item as one line of JSON to stdout, following pages to the end; no screen.")
    var dump = false

    @Option(name: .customLong("max-items"), help: ArgumentHelp(
        "With --dump, stop after this many items.", valueName: "n"))
    var maxItems: Int?

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Explain what is requested and why paging stops (on stderr).")
    var verbose = false

    func validate() throws {
        try Self.notNegative(demoLatency, "--demo-latency")
        try Self.notNegative(demoItems, "--demo-items")
        try Self.notNegative(firstPage, "--first-page")
        try Self.notNegative(prefetch, "--prefetch")
        try Self.notNegative(maxItems, "--max-items")
        guard pageSize >= 1 else { throw ValidationError("--page-size must be at least 1, not \(pageSize)") }
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw ValidationError("--timeout must be a number of seconds above 0, not \(timeout)")
        }
        if let maxPageBytes, maxPageBytes.bytes < 1 {
            throw ValidationError("--max-page-bytes must be at least 1 byte")
        }
        if maxItems != nil, !dump { throw ValidationError("--max-items only applies with --dump") }
        if url != nil {
            if demoLatency != nil { throw ValidationError("--demo-latency only applies to the demo feed (no URL)") }
            if demoItems != nil { throw ValidationError("--demo-items only applies to the demo feed (no URL)") }
        }
    }

    private static func notNegative(_ value: Int?, _ flag: String) throws {
        if let value, value < 0 { throw ValidationError("\(flag) must not be negative, not \(value)") }
    }
}
