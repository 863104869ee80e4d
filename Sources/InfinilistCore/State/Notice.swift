/// A short note for the status line; the next key or mouse event clears it.
///
/// It is data, not text: the core decides what to do with a note by its case (a search that
/// finds its match removes its own "searching page" note but no other), and `text` is the one
/// place that words each case for the screen.
public enum Notice: Sendable, Equatable {
    /// `n` or `N` with no search before it.
    case noPreviousSearch
    /// `c` on a row whose item is not loaded, or has no fields (a line of text).
    case noFieldsToChoose
    /// Esc stopped a search that was loading pages.
    case searchStopped
    /// Esc stopped `G` reading to the end of the input (or `N%`).
    case readToEndStopped
    /// Esc stopped `NG` loading pages to reach its row.
    case rowJumpStopped
    /// The search went past the end (or the top) and found its match on the other side.
    case searchWrapped
    /// Where a list search landed: the `index`-th of `count` matching rows, counted over the rows
    /// in memory; `whole` when those are all the list's rows (it ended, none dropped).
    case searchMatch(index: Int, count: Int, wrapped: Bool, whole: Bool)
    /// A count is being typed (`30` before `G`).
    case countTyped(Int)
    /// `NG` past the end of a list that has ended.
    case onlyRows(Int)
    /// The search looked at every row it could and found nothing.
    case notFound(query: String)
    /// A forward search examined every loaded row, but the tail failed, so rows beyond are unknown.
    case notFoundBeforeFailedPage
    /// The page a forward search was waiting for at the tail failed (0-based page).
    case searchStoppedAtFailedPage(Int)
    /// A dropped page a search waited for could not be fetched again (0-based page).
    case searchStoppedAtFailedRefetch(Int)
    /// A search met a dropped page whose earlier re-fetch failed with `message`.
    case searchStoppedAtUnavailablePage(Int, message: String)
    /// A search is waiting for a dropped page (0-based) to come back.
    case searchingPage(Int)
    /// The filter is fetching a dropped page (0-based) it could not test yet.
    case filterTestingPage(Int)
    /// The sort is reading a page again whose rows it could not key (dropped before `s`).
    case sortReadingPage(Int)
    /// A dropped page (0-based) came back with a different number of items.
    case pageChanged(Int)
    /// A refresh cleared this many marks that had no id to find their item by.
    case marksWithoutIDCleared(Int)
    /// `w` wrote the view.
    case viewWritten(ViewWrite)
    /// `w` did not write the view: why.
    case viewNotWritten(path: String, reason: String)
    /// `V` saved the view as `[sources.NAME]` in the config file at `path`.
    case viewSaved(name: String, path: String, created: Bool, hasURL: Bool)
    /// `V` saved nothing: why.
    case viewNotSaved(name: String, reason: String)
    /// A page (0-based) loaded but is not whole, as its source says (GraphQL errors beside data).
    case pageWarning(Int, message: String)
    /// A later page failed at the tail: its whole error, which the footer row cuts.
    case pageFailed(Int, message: String)
    /// `F` turned following on, polling every this many seconds.
    case followingOn(every: Double)
    /// `F` turned following off.
    case followingOff
    /// A poll for new items (or a gap row's loading) failed with this message.
    case followFailed(String)
    /// `F` on a streaming answer, whose new items arrive by themselves.
    case followingLiveAlready
    /// `F` on a pipe or a file, whose first page never changes.
    case followingNotPossible
    /// `F` on a pipe: its end is followed.
    case followingInputEnd
    /// What an action on the item did, or why it did not (`o`, `y`, a bound command).
    case command(CommandNotice)
    /// A field of `--format` or `--columns` that no item of the first page has (`FieldCheck`).
    case fieldsMissing(String)

    /// The words on the status line.
    public var text: String {
        switch self {
        case .noPreviousSearch: return "no previous search"
        case .noFieldsToChoose: return "no fields to choose columns from in this row"
        case .searchStopped: return "search stopped"
        case .readToEndStopped: return "stopped reading to the end"
        case .rowJumpStopped: return "stopped loading pages to reach the row"
        case .searchWrapped: return "search wrapped"
        case .searchMatch(let index, let count, let wrapped, let whole):
            let match = "match \(NumberText.grouped(index)) of \(NumberText.grouped(count))" + (whole ? "" : " loaded")
            return wrapped ? "search wrapped · " + match : match
        case .countTyped(let count): return "\(count): G goes to row \(NumberText.grouped(count)), % to \(min(count, 100))% down, j or k moves \(Counted.text(count, "row", grouped: true)) (Esc cancels)"
        case .onlyRows(let count): return "the list has \(Counted.text(count, "row", grouped: true))"
        case .notFound(let query): return "not found: \(query)"
        case .notFoundBeforeFailedPage: return "not found in the loaded rows (a page failed: r retries)"
        case .searchStoppedAtFailedPage(let page): return "search stopped: \(pageName(page)) failed"
        case .searchStoppedAtFailedRefetch(let page): return "search stopped: \(pageName(page)) failed (r retries)"
        case .searchStoppedAtUnavailablePage(let page, let message):
            return "search stopped: \(pageName(page)): \(message) (r retries)"
        case .searchingPage(let page): return "searching \(pageName(page))… (Esc stops)"
        case .filterTestingPage(let page): return "filter: testing \(pageName(page))…"
        case .sortReadingPage(let page): return "sort: reading \(pageName(page)) again…"
        case .pageChanged(let page):
            return page >= 0 ? "\(pageName(page)) has changed since it was first loaded" : "the new items have changed since they were first loaded"
        case .marksWithoutIDCleared(let count): return "\(Counted.text(count, "mark")) without an id cleared"
        case .viewWritten(let write):
            let left = write.leftOut > 0 ? "; \(Counted.text(write.leftOut, "row")) of pages no longer in memory left out" : ""
            return "wrote \(Counted.text(write.rows, "row", grouped: true)) to \(TerminalText.sanitize(write.path))\(left)"
        case .viewNotWritten(let path, let reason): return "\(TerminalText.sanitize(path)) not written: \(TerminalText.sanitize(reason))"
        case .viewSaved(let name, let path, let created, let hasURL):
            let shown = TerminalText.sanitize(name)
            let use = hasURL ? "infinilist @\(shown) opens it" : "it has no url: infinilist --view \(shown) FILE lays it over a list"
            return "\(created ? "saved" : "updated") view @\(shown) in \(TerminalText.sanitize(path)): \(use)"
        case .viewNotSaved(let name, let reason):
            return "view \(name.isEmpty ? "" : "@" + TerminalText.sanitize(name) + " ")not saved: \(TerminalText.sanitize(reason))"
        case .pageWarning(let page, let message): return "\(pageName(page)): \(message)"
        case .pageFailed(let page, let message): return "\(pageName(page)) failed (r to retry): \(message)"
        case .followingOn(let interval): return "following: new items every \(FollowInterval.text(interval)) (F stops)"
        case .followingOff: return "following stopped (F follows again)"
        case .followFailed(let message): return "new items: \(message)"
        case .followingLiveAlready: return "this list is live: new items arrive at the bottom as the server sends them"
        case .followingInputEnd: return "following the end of the input: new rows take the cursor along (F, Esc or a move stops)"
        case .followingNotPossible: return "a file is read once: to follow what is written to it, tail -f FILE | infinilist, then F"
        case .command(let notice): return notice.text
        case .fieldsMissing(let message): return message
        }
    }

    /// Whether this is the filter's progress note, which the filter replaces and removes itself.
    var isFilterProgress: Bool {
        if case .filterTestingPage = self { return true }
        return false
    }

    var isSortProgress: Bool {
        if case .sortReadingPage = self { return true }
        return false
    }

    /// Whether this is a search's progress note, which the search removes once it moves on.
    var isSearchProgress: Bool {
        if case .searchingPage = self { return true }
        return false
    }
}

/// How a page is named to the user: "page 3" for the list's own pages, whose number means
/// something; the pages of new items a poll put above the list have none.
func pageName(_ page: Int) -> String {
    page >= 0 ? "page \(page + 1)" : "the new items"
}
