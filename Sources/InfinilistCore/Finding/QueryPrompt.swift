/// The `|` prompt: a jq program typed over the list, run again on every keystroke on the items
/// in memory, as jnv and fx's interactive mode do. The rows show the last program that compiled;
/// a program that does not compile is said on the prompt line (with its column) and the rows stay
/// as they were; Enter on it rings the bell and leaves it to be mended. Enter keeps a program that
/// compiles (and adds it to the history), Esc goes back to the one before; ↑/↓ walk the history. Pages that arrive later go through the program as they come.
///
/// The program runs on the items as they arrived (`PageStore.walkSources`), so one program does
/// not run on another's outputs. When some of those are no longer in memory (pages dropped far
/// above, or new items a poll put on top), the rows cannot be made again without reading the list:
/// the prompt says so, and Enter reads it again from the first page with the program.
public struct QueryEdit: Sendable, Equatable {
    /// The program the list had when the prompt opened: what Esc goes back to, with the marks
    /// (a mark without an id is a row number, which the program's rows change).
    let before: RowQuery?
    let marksBefore: Marks
    /// Why the text does not run (a syntax error, with its column); nil when it does.
    public internal(set) var error: String?
    /// Set when the rows cannot be made again from memory: Enter re-reads the list with
    /// `candidate`, the text's program.
    public internal(set) var needsReread = false
    var candidate: RowQuery?
    /// Where ↑/↓ are in the history (an index into it), nil while editing new text, and that text.
    var historyIndex: Int?
    var draft = ""
    /// The items in memory, parsed once while the prompt is open (each keystroke runs the
    /// program on them again; parsing them every time was most of a keystroke's cost).
    var parsedSources: [[JSONValue]]?
}

/// How the app compiles a program typed at the `|` prompt: the core knows no query language (the
/// `JQ` target is given through this), and a program that does not compile says why.
public struct QueryCompiler: Sendable, Equatable {
    let compile: @Sendable (String) -> Result<any ItemQuery, ItemQueryError>
    /// How an output's row text is made (`--format`, or the guessed field).
    let formatter: ItemFormatter?

    public init(formatter: ItemFormatter? = ItemFormatter(), _ compile: @escaping @Sendable (String) -> Result<any ItemQuery, ItemQueryError>) {
        self.compile = compile
        self.formatter = formatter
    }

    /// One language per run: any two compilers are the same (the configuration is compared whole
    /// in tests).
    public static func == (lhs: QueryCompiler, rhs: QueryCompiler) -> Bool { true }
}

extension AppState {
    /// `|`: opens the prompt with the active program; a bell when no language was given.
    mutating func openQueryPrompt() -> [Effect] {
        guard config.queryCompiler != nil else { return [.bell] }
        finding.queryEdit = QueryEdit(before: finding.rowQuery, marksBefore: marks)
        mode = .prompt(Prompt(kind: .jq, text: finding.rowQuery?.program ?? ""))
        return []
    }

    /// The prompt's text changed: the program runs on the items in memory when it compiles.
    mutating func queryEdited(_ text: String) {
        guard var edit = finding.queryEdit, let compiler = config.queryCompiler else { return }
        defer { finding.queryEdit = edit }
        let query: RowQuery?
        if text.allSatisfy({ $0 == " " }) {
            query = nil
        } else {
            switch compiler.compile(text) {
            case .failure(let error):
                edit.error = error.message
                return
            case .success(let compiled):
                query = RowQuery(program: text, query: compiled, formatter: compiler.formatter)
            }
        }
        edit.error = nil
        edit.candidate = query
        edit.needsReread = remakeRows(with: query, parsed: &edit.parsedSources) != .made
    }

    /// Enter: the program stays (and joins the history); when the rows could not be made from
    /// memory, or the program stopped short of some items over all of them at once (its rows
    /// would not be those it makes page by page, as pages arrive and are read again), the list is
    /// read again with it.
    mutating func querySubmitted(_ text: String) -> [Effect] {
        guard let edit = finding.queryEdit else { return [] }
        finding.queryEdit = nil
        var effects: [Effect] = []
        if !text.allSatisfy({ $0 == " " }), edit.error == nil {
            finding.queryHistory.removeAll { $0 == text }
            finding.queryHistory.append(text)
            effects.append(.rememberQuery(text))
        }
        if edit.needsReread, edit.error == nil {
            finding.rowQuery = edit.candidate
            layOutAnew()
            return effects + refresh()
        }
        return effects
    }

    /// Esc: back to the program the list had when the prompt opened, and its marks. When the
    /// rows cannot be made again from memory (a page was dropped or a poll put rows above while
    /// the prompt was open), the list is read again with it.
    mutating func queryCancelled() -> [Effect] {
        guard let edit = finding.queryEdit else { return [] }
        finding.queryEdit = nil
        guard finding.rowQuery != edit.before else { return [] }
        var parsed = edit.parsedSources
        guard remakeRows(with: edit.before, parsed: &parsed) == .made else {
            finding.rowQuery = edit.before
            layOutAnew()
            return refresh()
        }
        marks = edit.marksBefore
        return []
    }

    /// ↑ (`older` true) or ↓ at the prompt: the history's programs, then back to the text typed.
    mutating func queryHistoryStep(older: Bool, text: String) -> String? {
        guard var edit = finding.queryEdit, !finding.queryHistory.isEmpty else { return nil }
        let last = finding.queryHistory.count - 1
        let index: Int?
        switch (edit.historyIndex, older) {
        case (nil, true):
            edit.draft = text
            index = last
        case (nil, false): return nil
        case (let current?, true): index = max(0, current - 1)
        case (let current?, false): index = current == last ? nil : current + 1
        }
        edit.historyIndex = index
        finding.queryEdit = edit
        return index.map { finding.queryHistory[$0] } ?? edit.draft
    }

    /// How the rows were made again from memory.
    private enum Remade {
        /// As the program makes them page by page.
        case made
        /// The program stopped short of some items (`RunBudget`, or an item out of steps in a
        /// piece): what is shown is a preview.
        case stopped
        /// Some items are not in memory: nothing changed.
        case notInMemory
    }

    /// Makes the rows again from the items in memory with `query` (nil: the items themselves);
    /// changing nothing when some items are not in memory. The cursor keeps its row
    /// number (clamped), the filter is applied again, and a new program's objects choose the
    /// table's columns again unless `--columns` named them.
    private mutating func remakeRows(with query: RowQuery?, parsed: inout [[JSONValue]]?) -> Remade {
        guard let pages = store.walkSources() else { return .notInMemory }
        if parsed?.count != pages.count || zip(parsed ?? [], pages).contains(where: { $0.count != $1.count }) {
            parsed = pages.map { page in page.map { (try? JSONParser.parse($0.json)) ?? .string($0.json) } }
        }
        let values = parsed ?? []
        finding.rowQuery = query
        let cursor = viewport.cursor
        let offset = viewport.cursor - viewport.top
        layOutAnew()
        store = PageStore(keepsIdentities: listCanBePolled)
        finding.search?.pending = nil
        // Row numbers held from before the rows changed mean nothing now.
        refreshAnchor = nil
        loading.rowJump.target = nil
        let dropped = marks.forgetRows()
        if dropped > 0 { notice = .marksWithoutIDCleared(dropped) }
        // The first pages settle the layout (a table's columns, and their widths over its first
        // rows): they are made one by one, as pages arriving are. The rest are made on every
        // core, each row with its cells.
        // All of them share one key's budget (`RunBudget`).
        let total = pages.reduce(0) { $0 + $1.count }
        var next = 0
        var stopped = false
        while next < pages.count, query == nil || !rowLayout.isSettled(after: store.itemCount) {
            let page = values.indices.contains(next) ? values[next] : nil
            let rows = query?.rows(ofPage: pages[next], values: page, budget: RunBudget.screen.share(pages[next].count, of: total))
                ?? PageRows(items: pages[next], values: page, sources: nil)
            stopped = stopped || rows.stopped
            appendRemade(rows, cells: false)
            next += 1
        }
        if let query, next < pages.count {
            let rest = pages[next...]
            let budget = RunBudget.screen.share(rest.reduce(0) { $0 + $1.count }, of: total)
            for rows in query.rows(ofPages: rest, values: values[min(next, values.count)...], table: rowLayout.table, budget: budget) {
                stopped = stopped || rows.stopped
                appendRemade(rows, cells: true)
            }
        }
        // The rows are new: their keys are made again, after the filter.
        let sortField = finding.order?.field
        finding.order = nil
        if let filter = finding.filter { applyFilter(filter) }
        if let sortField { sort(by: sortField) }
        viewport.place(cursor: min(cursor, max(0, visibleCount - 1)), offset: offset, itemCount: visibleCount)
        return stopped ? .stopped : .made
    }

    /// Another program's rows: its objects choose the table's columns again (unless `--columns`
    /// named them), shown from the first column.
    private mutating func layOutAnew() {
        if case .auto = config.columns { rowLayout = .undecided }
        columnOffset = 0
    }

    /// A page of rows made again, at the end of the store; `cells`: the rows have theirs already.
    private mutating func appendRemade(_ rows: PageRows, cells: Bool) {
        let firstRow = store.itemCount
        store.append(cells ? rows.items : laidOut(rows.items, parsed: rows.values), sources: rows.sources)
        marks.relocate(rows.items, firstRow: firstRow)
    }
}
