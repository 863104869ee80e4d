/// What the user asked to find: the filter that hides rows (`&`) and the last search (`/`),
/// which `n`/`N` repeat and rows highlight. Kept together because they are read together: the
/// visible rows are the filter's, a search walks them, and a row highlights the search's
/// matcher, else the filter's. A query over the list (a jq program, a sort) lands beside them.
public struct Finding: Sendable {
    /// The filter applied with `&`, if any.
    public internal(set) var filter: Filter?
    /// The last search, if any: repeated by `n`/`N`, highlighted in rows.
    public internal(set) var search: Search?
    /// The sort (`s`, `--sort`): the order of the rows shown; nil: the server's order.
    public internal(set) var order: RowOrder?
    /// The jq program whose outputs are the rows (`--jq`, or the `|` prompt's); nil: the items.
    public internal(set) var rowQuery: RowQuery?
    /// Programs kept at the `|` prompt, oldest first.
    var queryHistory: [String] = []
    /// The `|` prompt's program being typed, while it is open.
    public internal(set) var queryEdit: QueryEdit?

    /// The matcher whose matches rows highlight: the last search, else the filter.
    var highlight: TextMatcher? { search?.matcher ?? filter?.matcher }
}
