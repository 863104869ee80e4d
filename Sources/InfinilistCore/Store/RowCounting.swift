/// The background count of a file's rows (`Effect.countRows`, `RowCountReport`): asked for once
/// the walk's first page is in (the first screen never waits for it), shown as "counting…" on
/// the status line while it goes, and kept as the list's total when done, as an API's announced
/// total is ("row 5/100 of 1,910,303"). `R` reads the file again and counts it again; the old
/// count's answers are dropped by their id.
public struct RowCounting: Sendable, Equatable {
    let id: RequestID
    /// Bytes counted so far, of the file's size (0 before the first progress).
    public internal(set) var bytesRead = 0
    public internal(set) var size = 0
}

extension AppState {
    /// After a page arrived at the tail: the first page of a countable file starts the count,
    /// unless the list already ended with it (its rows are all there).
    mutating func countRowsAfterFirstPage(_ request: PageRequest) -> [Effect] {
        guard config.countsRows, request.page == 0, !loading.tail.isEnded, loading.total == nil else { return [] }
        let id = loading.requestIDs.next()
        loading.rowCounting = RowCounting(id: id)
        return [.countRows(id)]
    }

    /// The loader's count went on, ended, or found the file's lines are not its items.
    mutating func rowsCounted(_ report: RowCountReport) {
        guard loading.rowCounting?.id == report.id else { return }
        switch report.progress {
        case .counting(let read, let size):
            loading.rowCounting?.bytesRead = read
            loading.rowCounting?.size = size
        case .counted(let rows):
            loading.rowCounting = nil
            // The list's own end is the truer count (the file may have grown since).
            if !loading.tail.isEnded { loading.total = rows }
        case .uncountable:
            loading.rowCounting = nil
        }
    }
}
