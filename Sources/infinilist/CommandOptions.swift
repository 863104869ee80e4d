import ArgumentParser
import InfinilistCore

/// Every flag of the command, with its help text. Kept apart from `Infinilist` so the command
/// reads as "parse, then run", and so the config file's named sources can fill the same fields.
struct CommandOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The API's URL. Placeholders say how it pages: {page}, {offset}, {limit}, {cursor}, {last.PATH}; without them infinilist follows Link rel=next or a next link in the body. A FILE (or file://PATH; .gz is decompressed) or - (standard input) is read as JSON lines, JSON values one after another, a JSON array or an object holding the list; without a URL, standard input is read when it is a pipe or a file, else the built-in demo feed is shown. @NAME starts the source NAME of the config file (see CONFIGURATION in the guide below); @ alone lists them.",
        valueName: "url"
    ), completion: .custom { _, _, _ in NamedSourceArguments.completions() })
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
        "Items per page: the value of {limit} in the URL, the demo feed's page size, and items read at a time from a pipe or a file (default: 50; 1000 from a pipe or a file).", valueName: "n"))
    var pageSize: Int?

    @Option(name: .customLong("items"), help: ArgumentHelp(
        "Where the array of items is in each response, e.g. data.children or hits (default: the root array, or a common key such as items, data, results, hits).",
        valueName: "path"))
    var itemsPath: String?

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "The text of each row: {PATH} is replaced by that field, e.g. '{title} ({score}) by {user.login}' (default: a title- or name-like field).",
        valueName: "template"))
    var format: String?

    @Option(name: .customLong("columns"), help: ArgumentHelp(
        "The table's columns, as a comma-separated list of PATH[:WIDTH][=HEADER], e.g. 'number,title,user.login=author,state,created_at:10'. The header is the path's last part unless given; numbers are right-aligned and ISO-8601 dates shown as ages (3h, 2d, Mar 4). Repeatable: the lists are joined. Default: up to six columns chosen from the first page (a number, the title, an author, a state, counts, a date) when items are objects; --format gives one line of text instead.",
        valueName: "spec"))
    var columns: [String] = []

    @Option(name: .customLong("id"), help: ArgumentHelp(
        "The field that identifies an item, e.g. id or data.name (an object or array there is compared as its compact JSON).", valueName: "path"))
    var idPath: String?

    @Option(name: .customLong("cursor"), help: ArgumentHelp(
        "Where the next page's cursor is in each response, for {cursor}, e.g. response_metadata.next_cursor (default: a common field such as next_cursor, nextPageToken, meta.next_token, data.after).",
        valueName: "path"))
    var cursorPath: String?

    @Option(name: .customLong("next"), help: ArgumentHelp(
        "Where the next page's URL is in each response, for a URL without placeholders, e.g. links.next (default: the Link header's rel=next, then a common field such as next, links.next, _links.next.href).",
        valueName: "path"))
    var nextPath: String?

    @Option(name: .customLong("first-cursor"), help: ArgumentHelp(
        "The cursor of the first request, for APIs that want one (OpenAlex: '*'), in place of {cursor} in the URL or the body (default: the first request leaves {cursor} out).",
        valueName: "value"))
    var firstCursor: String?

    @Option(name: .customLong("graphql"), help: ArgumentHelp(
        "Page a GraphQL API: every page POSTs this query (or @FILE, @- for stdin) to the URL as {\"query\": …, \"variables\": {…}}, with the previous page's cursor in $cursor (or $after, $endCursor, or --cursor-var); the connection is found under data (the object with pageInfo; --items PATH chooses among several), its nodes or edges are the items, and pageInfo.hasNextPage: false ends the list.",
        valueName: "query"))
    var graphQL: String?

    @Option(name: .customLong("var"), help: ArgumentHelp(
        "A variable of the --graphql query, e.g. --var owner=apple --var first=50: the value is JSON when it reads as JSON (50, true, [\"bug\"], \"123\"), a string otherwise. Repeatable; a later one for the same name wins.",
        valueName: "name=value"))
    var graphQLVariables: [String] = []

    @Option(name: .customLong("cursor-var"), help: ArgumentHelp(
        "The variable of the --graphql query that receives the cursor (null on the first request); default: $cursor, else $after or $endCursor when the query declares one.",
        valueName: "name"))
    var cursorVariable: String?

    @Option(name: .customLong("max-pages"), help: ArgumentHelp(
        "Stop after this many pages, whatever the API says (a safety cap).", valueName: "n"))
    var maxPages: Int?

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp(
        "A request header, e.g. 'Authorization: Bearer TOKEN'. Repeatable. Sent only to the URL's own origin.",
        valueName: "name: value"))
    var headers: [String] = []

    @Option(name: [.customShort("X"), .customLong("request")], help: ArgumentHelp(
        "The request method, as typed (methods are case-sensitive), e.g. POST (default: GET, or POST with -d).",
        valueName: "method"))
    var method: String?

    @Option(name: [.customShort("d"), .customLong("data")], help: ArgumentHelp(
        "The body of every request, sent with POST unless -X says otherwise; @FILE reads it from a file, @- from standard input (at most 1 MiB, read once). Placeholders page as in the URL: in a JSON body each stands for a whole value, quoted or not ({\"start_cursor\": \"{cursor}\", \"page_size\": {limit}}), and a member without a value yet is left out; a form body (a=1&after={cursor}) is filled like a query. Content-Type: application/json is sent for a body starting with { or [, application/x-www-form-urlencoded otherwise, unless -H gives one.",
        valueName: "body"))
    var data: String?

    @Option(name: .customLong("prefetch"), help: ArgumentHelp(
        "When to ask for the next page: 'auto' (default) starts one screen before the last loaded row, and earlier when you scroll fast on a slow network; a number fixes the distance in rows.",
        valueName: "auto|n"))
    var prefetch: PrefetchPolicy = .auto

    @Option(name: .customLong("keep"), help: ArgumentHelp(
        "Keep at most this many items in memory; pages far from the cursor are dropped and fetched again when you come back (default: 20 pages).",
        valueName: "n"))
    var keep: Int?

    @Option(name: .customLong("timeout"), help: ArgumentHelp(
        "Give up on a request after this many seconds, connecting included (default: 30).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .customLong("max-page-bytes"), help: ArgumentHelp(
        "Refuse a response body larger than this (after decompression), or from a pipe or file a value or line longer than this (shown as a row saying so); a number of bytes, or with a suffix K, M or G (default: 32M).",
        valueName: "size"))
    var maxPageBytes: ByteSize?

    @Option(name: .customLong("spool-max"), help: ArgumentHelp(
        "Reading a pipe, a .gz file or a live stream, keep at most this much of it in a spool file (0600 in $TMPDIR, deleted at exit) to read dropped pages again; a number of bytes, or with a suffix K, M or G (default: 1G). Reading stops with a message when it is full.",
        valueName: "size"))
    var spoolMax: ByteSize?

    @Option(name: .customLong("max-skip"), help: ArgumentHelp(
        "Reading a pipe or a file, stop reading once one value or line longer than --max-page-bytes has been skipped for this much without ending (an endless line: /dev/zero, a writer that never sends a line break); progress is said on the way; a number of bytes, or with a suffix K, M or G (default: 4G).",
        valueName: "size"))
    var maxSkip: ByteSize?

    @Flag(name: .customLong("live"), help: "Read the first answer as a live list of JSON values (JSON lines, or values one after another) shown as they arrive, whatever its Content-Type: for Kubernetes ?watch=1, which answers application/json. Answers of type text/event-stream (server-sent events), application/x-ndjson, application/jsonl and application/json-seq are read so without it. A dropped connection is made again with a backoff.")
    var live = false

    @Option(name: .customLong("retries"), help: ArgumentHelp(
        "Retry a page this many times after a transient failure (connection error, timeout, HTTP 408, 429, 500, 502, 503, 504; a POST only after a connection failure before any answer, 408, 429 and 503), waiting longer each time; rate limits (Retry-After, x-ratelimit-reset) are waited out with a countdown, up to 5 minutes (default: 3).",
        valueName: "n"))
    var retries: Int?

    @Option(name: .customLong("trust-hosts"), help: ArgumentHelp(
        "Also send the -H headers to these hosts, as curl's --location-trusted does: a comma-separated list of host, host:port, *.domain, or * for any host. Without it they go only to the URL's own origin, never to a next link or redirect elsewhere, and never from https to http.",
        valueName: "hosts"))
    var trustHosts: [String] = []

    @Flag(name: .customLong("allow-insecure-redirect"), help: "Follow a redirect from https to http (refused by default).")
    var allowInsecureRedirect = false

    @Option(name: [.customShort("u"), .customLong("user")], help: ArgumentHelp(
        "HTTP Basic auth for the URL's own origin, like -H: 'user:password', or 'user' to be asked for the password on the terminal. Replaces a user:password@ in the URL.",
        valueName: "user[:password]"))
    var user: String?

    @Option(name: .customLong("proxy"), help: ArgumentHelp(
        "Connect through this HTTP proxy: http://[user:password@]host[:port] (port 1080 when not given). Every request goes through a CONNECT tunnel; the user and password go to the proxy only. Without it, https_proxy / HTTPS_PROXY (for https URLs), http_proxy (for http; not HTTP_PROXY), then all_proxy / ALL_PROXY are read, as curl does. '' for no proxy.",
        valueName: "url"))
    var proxy: String?

    @Option(name: .customLong("noproxy"), help: ArgumentHelp(
        "Hosts that bypass the proxy, instead of no_proxy / NO_PROXY: a comma-separated list of host names (each also matching its subdomains), .domain, IP addresses, CIDR ranges (10.0.0.0/8), each with an optional :port, or * for every host. '' lets none bypass.",
        valueName: "hosts"))
    var noProxy: String?
    @Option(name: .customLong("cacert"), help: ArgumentHelp(
        "Also trust the CA certificates in this PEM file (one or more) for https, e.g. a company or test CA. Repeatable. The system's CAs stay trusted; SSL_CERT_FILE and SSL_CERT_DIR replace those, as with curl and openssl.",
        valueName: "file"))
    var caCertificates: [String] = []

    @Flag(name: [.customShort("k"), .customLong("insecure")], help: "Do not check https certificates at all (unsafe: anyone on the way can read and change the answers). Warns on stderr and shows 'insecure' in the status line.")
    var insecure = false

    // MARK: Output

    @Flag(name: .customLong("man"), help: "Print the manual as a man page to stdout, for a binary copied without its page: infinilist --man | man -l -")
    var man = false

    @Flag(name: .customLong("dump"), help: "Write every item as one line of JSON to stdout (with --format, its text), following pages to the end; no screen.")
    var dump = false

    /// `--jq` and its flags (QueryOptions.swift).
    @OptionGroup var query: QueryOptions

    @Option(name: .customLong("max-items"), help: ArgumentHelp(
        "With --dump, stop after this many items (with --follow: before following starts).", valueName: "n"))
    var maxItems: Int?

    @Option(name: .customLong("output"), help: ArgumentHelp(
        "With --dump, what to write: jsonl (the default: one JSON value a line), json (one array, closed even when interrupted), csv or tsv (a header, then a line an item: the columns of --columns, else those the table would choose; values as the server sent them).",
        valueName: "format"))
    var output: Export.Format?

    @Option(name: .customLong("sort"), help: ArgumentHelp(
        "Show the rows sorted by this field (a path, as --columns takes); FIELD:desc for the largest first. Numbers sort as numbers, dates as dates, text as a person reads it (case and accents aside), nulls and missing values last. Pages merge into the order as they arrive and the status line says how much of the list the order covers. On the screen, s picks the field (s s reverses) and S returns to the server's order.",
        valueName: "field[:desc]"))
    var sort: String?

    @Option(name: .customLong("filter"), help: ArgumentHelp(
        "Show only the rows holding this text from the start, as & does on the screen (case ignored). The screen only: --dump writes every item (a filtered dump: --jq 'select(...)').",
        valueName: "text"))
    var filter: String?

    @Option(name: .customLong("view"), help: ArgumentHelp(
        "Show the list through a view saved in the config file (V saves one): the columns, sort, filter, jq and format of its [sources.NAME] table, for any URL. Flags given here win over the view's.",
        valueName: "name"))
    var view: String?

    @Option(name: .customLong("count"), help: ArgumentHelp(
        "With --dump, count the values of this field (a path, as --columns takes; . for the values themselves) over the whole list and write {\"value\": …, \"count\": …} lines, most common first, when the list has ended (with --jq: of the program's outputs).",
        valueName: "field"))
    var count: String?

    @Option(name: .customLong("parallel"), help: ArgumentHelp(
        "With --dump, up to this many requests at once where page numbers or offsets tell the next pages before their answers (1 to 16; default 1: many APIs ask for one request at a time). Drops to 1 when the API rate-limits.",
        valueName: "n"))
    var parallel: Int?

    @Option(name: .customLong("follow"), help: ArgumentHelp(
        "Follow a live list: poll the first page every INTERVAL (30s, 2m, 1h, or seconds; at least 1s, at most 24h) and put new items above the first row without moving what you read (\"↑ 3 new\" in the status line; Home shows them); F turns it on and off while running. With --dump, write the list, then new items as they appear, oldest first, until interrupted.",
        valueName: "interval"))
    var follow: String?

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Explain what is requested and why paging stops (on stderr).")
    var verbose = false

    // MARK: Screen

    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colours: auto (when the terminal has them and NO_COLOR is not set), always (even with NO_COLOR) or never (bold, dim, reverse and underline only).",
        valueName: "when"))
    var color: ColorMode = .auto

    @Flag(inversion: .prefixedNo, help: "Mouse support: the wheel scrolls, a click selects a row. --no-mouse leaves the mouse to the terminal (its own text selection).")
    var mouse = true

    @Flag(inversion: .prefixedNo, help: "Open the preview pane from the start: the item under the cursor as coloured, pretty-printed JSON beside the list, following the cursor (p opens and closes it, J and K scroll it).")
    var preview = false

    @Option(name: .customLong("preview-position"), help: ArgumentHelp(
        "Where the preview pane goes: right (default) or bottom. Beside a list that would get fewer than 40 columns it goes to the bottom; on a screen too small for either it is hidden, and the status line says so.",
        valueName: "right|bottom"))
    var previewPosition: PreviewPosition = .right

    @Option(name: .customLong("preview-size"), help: ArgumentHelp(
        "The preview pane's share of the screen, in percent from 10 to 90: of the width beside the list, of the height under it (default: 50).",
        valueName: "percent"))
    var previewSize: PreviewPercent = PreviewPercent(PreviewSettings.defaultPercent)

    @Option(name: .customLong("bind"), help: ArgumentHelp(
        "Bind keys, as fzf does: KEY:ACTION[,KEY:ACTION...], e.g. 'ctrl-v:execute(gh issue view {number})'. KEY: ctrl-a...ctrl-z, alt-CHAR, f1...f12, enter, space, tab, btab, esc, up, down, left, right, pgup, pgdn, home, end, bspace, del, or one character. ACTION: a key table action (down, up, page-down, first, last, toggle-mark, accept, detail, search, filter, reload, open, copy, copy-row, quit, ...), execute(CMD) (leave the screen, run CMD with sh -c, come back), execute-silent(CMD) (run it in the background) or print(TEMPLATE) (print it and exit). In CMD, {} is the item's JSON, {+} the marked items' (one a line), {PATH} a field; every value is shell-quoted. A binding replaces the key's own action; ? shows them. Repeatable.",
        valueName: "key:action"))
    var bind: [String] = []

    @Option(name: .customLong("open"), help: ArgumentHelp(
        "The field o opens in the browser ($BROWSER, else xdg-open), e.g. links.html (default: the first of html_url, web_url, permalink, url, link, href, _links.html.href, ...). Only http and https addresses are opened.",
        valueName: "path"))
    var openPath: String?

    /// The checks that concern the command line itself (flags that need another flag, or a URL),
    /// then every source option, through the one validation the sources are built from
    /// (`SourceOptions.validated`), so a mistake is a usage error before any request. `@NAME` is
    /// checked once the config file has filled in the source's flags.
    func validate() throws {
        try checkValues()
        try checkPreview()
        try checkBindings()
        if let keep, keep < 1 { throw ValidationError("--keep must be at least 1 item, not \(keep)") }
        try Self.notNegative(maxItems, "--max-items")
        if maxItems != nil, !dump { throw ValidationError("--max-items only applies with --dump") }
        _ = try query.query()
        if let parallel {
            guard dump else { throw ValidationError("--parallel only applies with --dump (the list fetches pages as you scroll)") }
            guard (1...16).contains(parallel) else { throw ValidationError("--parallel must be from 1 to 16, not \(parallel)") }
        }
        _ = try followInterval()
        if let url, !url.hasPrefix("@") {
            if demoLatency != nil { throw ValidationError("--demo-latency only applies to the demo feed (no URL)") }
            if demoItems != nil { throw ValidationError("--demo-items only applies to the demo feed (no URL)") }
        }
        // Said with the value given: the source's own check sees it clamped to what fits a Duration.
        if let demoLatency, demoLatency > 86_400_000 {
            throw ValidationError("--demo-latency must be at most 86400000 ms (a day), not \(demoLatency)")
        }
        if url == nil {
            let given = [
                (cursorPath != nil, "--cursor"), (nextPath != nil, "--next"), (maxPages != nil, "--max-pages"),
                (firstCursor != nil, "--first-cursor"), (method != nil, "-X/--request"), (data != nil, "-d/--data"),
                (graphQL != nil, "--graphql"), (!graphQLVariables.isEmpty, "--var"), (cursorVariable != nil, "--cursor-var"),
            ]
            for (given, flag) in given where given {
                throw ValidationError("\(flag) applies to a URL, not to the demo feed")
            }
        }
        if url?.hasPrefix("@") != true {
            let configuration = try SourceFactory.configuration(from: self)
            if case .stream = configuration.kind { try checkStreamFlags() }
            if follow != nil, live {
                throw ValidationError("--follow polls a paged list; with --live the stream's new items arrive by themselves")
            }
            if follow != nil, case .stream = configuration.kind {
                throw ValidationError("--follow polls a URL; a pipe or a file is read as it grows (tail -f FILE | infinilist)")
            }
        }
    }

    /// A pipe or a file is read, not requested: the flags that shape a request would be ignored,
    /// and a body or query read from standard input would take the list's own input (`-d @- -`
    /// once read the body, then an empty list, with status 0).
    private func checkStreamFlags() throws {
        let requestFlags = [
            (data != nil, "-d/--data"), (graphQL != nil, "--graphql"), (!graphQLVariables.isEmpty, "--var"),
            (cursorVariable != nil, "--cursor-var"), (method != nil, "-X/--request"), (!headers.isEmpty, "-H/--header"),
            (user != nil, "-u/--user"), (cursorPath != nil, "--cursor"), (nextPath != nil, "--next"),
            (firstCursor != nil, "--first-cursor"), (maxPages != nil, "--max-pages"), (proxy != nil, "--proxy"),
        ]
        let source = url == nil || url == "-" ? "standard input" : "a file"
        for (given, flag) in requestFlags where given {
            throw ValidationError("\(flag) applies to a URL; \(source) is read, not requested, so it would be ignored")
        }
    }

    /// `--follow`'s interval in seconds; nil without it. A value that is not an interval, or is
    /// under a second, is a usage error naming the flag.
    func followInterval() throws -> Double? {
        guard let follow else { return nil }
        switch FollowInterval.parse(follow) {
        case .success(let seconds): return seconds
        case .failure(.unreadable):
            throw ValidationError("--follow takes an interval such as 30s, 2m or 1h, or a number of seconds, not '\(follow)'")
        case .failure(.tooShort):
            throw ValidationError("--follow must be at least 1 second (1s), not \(follow)")
        case .failure(.tooLong):
            throw ValidationError("--follow must be at most a day (24h, 86400 seconds), not \(follow)")
        }
    }

    private static func notNegative(_ value: Int?, _ flag: String) throws {
        if let value, value < 0 { throw ValidationError("\(flag) must not be negative, not \(value)") }
    }
}
