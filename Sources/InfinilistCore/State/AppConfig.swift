/// Settings the core needs from the command line.
public struct AppConfig: Sendable, Equatable {
    /// Shown in the status line: "demo" or the endpoint's host and path.
    public var sourceName: String
    /// How far ahead of the cursor the next page is requested (`--prefetch auto|N`).
    public var prefetch: PrefetchPolicy
    /// At most this many items stay in memory (`--keep N`); nil means twenty of the largest pages
    /// seen. Pages far from the cursor are dropped beyond it and fetched again when needed.
    public var keep: Int?
    /// `-k`: https certificates are not checked; the status line says so for as long as it runs.
    public var insecure = false
    /// Rows as a table (chosen from the first page, or `--columns`) or single lines (`--format`).
    public var columns: ColumnChoice = .auto
    /// `--follow`: poll the first page for new items every this many seconds; nil to start
    /// without following (`F` still turns it on).
    public var follow: Double?
    /// The preview pane: open at start, where, how large (`--preview`, `--preview-position`,
    /// `--preview-size`).
    public var preview = PreviewSettings()
    /// The key tables, with `--bind` applied.
    public var keyTables = KeyTables.standard
    /// `--open PATH`: where `o` finds the item's web address (nil: the usual fields).
    public var openPath: JSONPath?
    /// Whether `y` can reach the terminal's clipboard, and what to tell the user.
    public var clipboard = ClipboardSupport.terminal
    /// `G`/End reads on to the end of the input, not only to the last row loaded: for a pipe or a
    /// file, whose next page is a read away (an HTTP API's may be a request each, for ever).
    public var lastReadsToEnd = false
    /// Whether the input's rows can be counted in the background once its first page is in
    /// (`Effect.countRows`): a regular file, not compressed, without `--id`.
    public var countsRows = false
    /// Whether the first page can be polled for new items (`--follow`, `F`): not for a pipe or a
    /// file, whose first page never changes (`tail -f` into infinilist follows one). Such a list
    /// keeps no item identities, so its memory stays flat however long it is.
    public var followable = true
    /// The fields `--format` and `--columns` name, checked against the first page with items
    /// (a notice names those no item has).
    public var fieldCheck = FieldCheck()
    /// `--format` (or a source's `format`): the template of each row's line, kept to be saved
    /// with the view (`V`) while the rows are lines.
    public var format: String?
    /// `--sort` (or a named source's `sort`): the order the rows are shown in from the start.
    public var sort: SortField?
    /// The named source the list was opened from (`@NAME`): `V` offers its name and saves over
    /// its view without asking.
    public var viewName: String?
    /// `--filter` (or a view's `filter`): the rows shown from the start, as `&` would.
    public var filter: String?
    /// `--jq` on the screen: the program whose outputs are the rows; nil shows the items.
    public var rowQuery: RowQuery?
    /// How a program typed at the `|` prompt is compiled; nil: the prompt is not offered.
    public var queryCompiler: QueryCompiler?
    /// Programs kept at the `|` prompt, oldest first (read from the state directory at start).
    public var queryHistory: [String] = []

    /// `prefetch` nil means `auto`.
    public init(sourceName: String, prefetch: Int? = nil, keep: Int? = nil) {
        self.init(sourceName: sourceName, prefetchPolicy: prefetch.map(PrefetchPolicy.fixed) ?? .auto, keep: keep)
    }

    public init(sourceName: String, prefetchPolicy: PrefetchPolicy, keep: Int? = nil) {
        self.sourceName = sourceName
        self.prefetch = prefetchPolicy
        self.keep = keep
    }
}
