/// Every action's stable name, as `--bind KEY:ACTION` and the config file's `bind` spell it
/// (kebab-case, after fzf's where fzf has the same action). The switch has no default, so an
/// action cannot be added without a name.
extension Action {
    public var name: String {
        switch self {
        case .down: return "down"
        case .up: return "up"
        case .pageDown: return "page-down"
        case .pageUp: return "page-up"
        case .halfPageDown: return "half-page-down"
        case .halfPageUp: return "half-page-up"
        case .first: return "first"
        case .last: return "last"
        case .percent: return "percent"
        case .select: return "accept"
        case .retry: return "retry"
        case .search: return "search"
        case .searchNext: return "search-next"
        case .searchPrevious: return "search-previous"
        case .filter: return "filter"
        case .sort: return "sort"
        case .unsort: return "unsort"
        case .counts: return "counts"
        case .query: return "jq"
        case .write: return "write"
        case .saveView: return "save-view"
        case .toggleMark: return "toggle-mark"
        case .toggleMarkUp: return "toggle-mark-up"
        case .openDetail: return "detail"
        case .toggleWrap: return "toggle-wrap"
        case .help: return "help"
        case .refresh: return "reload"
        case .back: return "back"
        case .submit: return "submit"
        case .deleteBackward: return "delete-backward"
        case .clearPrompt: return "clear-prompt"
        case .redraw: return "redraw"
        case .suspend: return "suspend"
        case .quit: return "quit"
        case .interrupt: return "interrupt"
        case .open: return "open"
        case .copy: return "copy"
        case .copyRow: return "copy-row"
        case .openColumns: return "columns"
        case .toggleColumn: return "toggle-column"
        case .moveColumnUp: return "move-column-up"
        case .moveColumnDown: return "move-column-down"
        case .columnsLeft: return "columns-left"
        case .columnsRight: return "columns-right"
        case .clearSearch: return "clear-search"
        case .togglePreview: return "toggle-preview"
        case .previewDown: return "preview-down"
        case .previewUp: return "preview-up"
        case .toggleFollow: return "toggle-follow"
        }
    }

    /// The action called `name`, if any. `preview` is also accepted for `toggle-preview`, the
    /// name a user of the preview pane's `p` guesses first.
    public static func named(_ name: String) -> Action? {
        if name == "preview" { return .togglePreview }
        return allCases.first { $0.name == name }
    }

    /// The actions a key can be bound to: those of the list and the detail view. The prompt's
    /// own (`submit`, …) are left out, as `--bind` does not change the prompt.
    public static var bindable: [Action] {
        let bound = Set((KeyMap.list.bindings + KeyMap.detail.bindings).map(\.action))
        return allCases.filter(bound.contains)
    }
}
