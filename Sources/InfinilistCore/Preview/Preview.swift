/// The preview pane: the item under the cursor as coloured, pretty-printed JSON beside (or under)
/// the list, following the cursor. It is the detail view's `DetailView` (the same highlighting,
/// wrapping and scrolling), kept for the item under the cursor: made again when the cursor moves
/// to another item, so the pane's scroll starts at the top of each item.
public struct PreviewPane: Sendable, Equatable {
    /// `p` toggles it; `--preview` opens it from the start.
    public internal(set) var isOpen: Bool
    /// The item under the cursor, laid out for the pane's width; nil while closed, or when the
    /// cursor's item is not in memory (its page was dropped) or there is none.
    public internal(set) var view: DetailView?

    init(isOpen: Bool) {
        self.isOpen = isOpen
    }
}

extension AppState {
    /// How the screen is shared with the preview at the current size.
    public var previewGeometry: PreviewGeometry {
        PreviewGeometry.make(config.preview, isOpen: preview.isOpen, size: size)
    }

    /// Rows of the list's area (its header included): the content height, less the pane's under it.
    var listAreaHeight: Int {
        if case .bottom(let listHeight) = previewGeometry { return listHeight }
        return contentHeight
    }

    /// Columns of the list's area: the screen's, less the pane's beside it.
    var listAreaWidth: Int {
        if case .right(let listWidth) = previewGeometry { return listWidth }
        return size.columns
    }

    /// The pane's JSON text: its width, and the rows it is shown in (under the pane's title or
    /// rule); nil when no pane is on screen.
    var previewTextArea: (width: Int, height: Int)? {
        switch previewGeometry {
        case .right(let listWidth): return (max(1, size.columns - listWidth - PreviewGeometry.separatorColumns), max(1, contentHeight - 1))
        case .bottom(let listHeight): return (size.columns, max(1, contentHeight - listHeight - 1))
        case .closed, .hidden: return nil
        }
    }

    /// `p`: opens or closes the pane; the list's height changes with a pane under it.
    mutating func togglePreview() {
        preview.isOpen.toggle()
        syncPreview()
    }

    /// `J`/`K`, Shift-↓/↑: scrolls the item in the pane by `delta` lines. Rings when no pane is
    /// on screen, as a key with nothing to act on does.
    mutating func scrollPreview(by delta: Int) -> [Effect] {
        guard let area = previewTextArea else { return [.bell] }
        guard var view = preview.view else { return [] }
        view.layOut(width: area.width)
        view.scroll(by: delta, height: area.height)
        preview.view = view
        return []
    }

    /// Keeps the pane on the item under the cursor, after every message: another item (the
    /// cursor moved, a filter, a refresh, a page dropped or back) is laid out afresh, from its
    /// top; the same item keeps its scroll, laid out again when the pane's width changed.
    mutating func syncPreview() {
        guard preview.isOpen, let row = cursorStoreRow, let item = store.item(at: row) else {
            preview.view = nil
            return
        }
        var view: DetailView
        if let current = preview.view, current.row == row, current.json == item.json {
            view = current
        } else {
            view = DetailView(row: row, item: item)
        }
        if let area = previewTextArea {
            view.layOut(width: area.width)
            view.scroll(by: 0, height: area.height)
            // A huge item is checked a step per message (ticks come while it is).
            if view.hasWork { _ = view.advance(height: area.height) }
        }
        preview.view = view
    }
}
