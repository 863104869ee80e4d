extension AppState {
    /// A page's rows: its items, or what `--jq` makes of them (`RowQuery`), with their values
    /// when known (parsed by the loader, or the program's outputs), and the items they were made
    /// of (nil when the rows are the items).
    func rows(of result: PageResult) -> PageRows {
        rows(of: result.items, values: result.values)
    }

    func rows(of items: [Item], values: [JSONValue]?) -> PageRows {
        guard let query = finding.rowQuery else { return PageRows(items: items, values: values, sources: nil) }
        return query.pageRows(of: items, values: values, table: nil, budget: .screen)
    }

    /// Items as the rows show them: in a table, each with its cells. The first page with items
    /// decides the layout (the columns and their widths, kept from then on); a table takes a
    /// header row from the list's height.
    /// `parsed`: the items' JSON parsed already (by the loader), one for one; nil to parse here.
    mutating func laidOut(_ items: [Item], parsed: [JSONValue]? = nil) -> [Item] {
        let parsed = parsed?.count == items.count ? parsed : nil
        switch rowLayout {
        case .lines:
            return items
        case .table(let layout):
            let laid = parsed.map { zip(items, $0).map { layout.tableItem($0, value: $1) } } ?? items.map { layout.tableItem($0) }
            if store.itemCount < ColumnLayout.settlingRows {
                let wider = layout.widened(toFit: laid)
                if wider != layout { rowLayout = .table(wider) }
            }
            return laid
        case .undecided:
            guard !items.isEmpty else { return items }
            let values = parsed ?? items.map { (try? JSONParser.parse($0.json)) ?? .null }
            // A program's objects are a table even without a title-like field: it chose them.
            let programsFields = finding.rowQuery != nil && config.columns == .auto ? ColumnChooser.keys(firstPage: values) : nil
            guard let layout = ColumnLayout.make(config.columns, firstPage: values)
                ?? programsFields.map({ ColumnLayout(specs: $0, flexible: ColumnLayout.flexibleIndex($0, firstPage: values), firstPage: values) }) else {
                rowLayout = .lines
                return items
            }
            rowLayout = .table(layout)
            return zip(items, values).map { layout.tableItem($0, value: $1) }
        }
    }

    /// Shows the list in `layout` from now on (what a column picker applies): the items in memory
    /// get their cells again, dropped pages get them when they come back, and a filter is
    /// applied again to the new cells. The columns are scrolled back to the first.
    mutating func replaceColumns(_ layout: ColumnLayout) {
        rowLayout = .table(layout)
        columnOffset = 0
        store.mapLoadedItems { layout.tableItem($0) }
        if let filter = finding.filter { applyFilter(filter) }
        // Keys made from the old columns' cells may differ from the new ones': made again.
        if let field = finding.order?.field {
            finding.order = nil
            sort(by: field)
        }
    }
}
