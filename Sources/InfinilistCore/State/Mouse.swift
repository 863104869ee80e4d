extension AppState {
    /// Rows one wheel step scrolls, as most terminal programs do.
    static let wheelStep = 3

    /// The wheel scrolls the list (or the detail view) by three rows, moving the cursor only as
    /// much as needed to keep it on screen; a click on a list row puts the cursor there, and a
    /// click on the footer row after a failure retries. The wheel scrolls the help screen, and
    /// a click closes it.
    mutating func handle(_ event: MouseEvent) -> [Effect] {
        if help != nil {
            switch event {
            case .wheelUp: scrollHelp(by: -Self.wheelStep)
            case .wheelDown: scrollHelp(by: Self.wheelStep)
            case .click: help = nil
            }
            return []
        }
        switch mode {
        case .prompt, .counts:
            return []
        case .columns:
            handleColumnPickerMouse(event)
            return []
        case .detail:
            switch event {
            case .wheelUp: scrollDetail(by: -Self.wheelStep)
            case .wheelDown: scrollDetail(by: Self.wheelStep)
            case .click: break
            }
            return []
        case .list:
            switch event {
            case .wheelUp:
                userMoved()
                viewport.scroll(by: -Self.wheelStep, itemCount: visibleCount)
            case .wheelDown:
                userMoved()
                viewport.scroll(by: Self.wheelStep, itemCount: visibleCount)
            case .click(let screenRow):
                // A click on the header row selects nothing.
                let y = screenRow - headerRows
                guard y >= 0, y < viewport.height else { return [] }
                let row = viewport.top + y
                if row < visibleCount {
                    userMoved()
                    viewport.move(to: row, itemCount: visibleCount)
                } else if row == visibleCount, case .failed(let page, _) = loading.tail {
                    return [request(page: page)]
                }
            }
            return []
        }
    }
}
