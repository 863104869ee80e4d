/// A view that scrolls by lines, as less does: the help screen and the detail view. The keys that
/// only move it are read here, once; what differs (`.last`, which the detail view reaches by
/// walking its lines, and every other key) stays with each view.
protocol LineScrolling {
    mutating func scroll(by delta: Int, height: Int)
    mutating func scroll(to line: Int, height: Int)
}

extension LineScrolling {
    /// Moves for `action` when it is one of the plain moves (a line, a page, half a page, the
    /// top) on a screen of `height` lines; false for any other action.
    mutating func scroll(for action: Action, height: Int) -> Bool {
        switch action {
        case .down: scroll(by: 1, height: height)
        case .up: scroll(by: -1, height: height)
        case .pageDown: scroll(by: height, height: height)
        case .pageUp: scroll(by: -height, height: height)
        case .halfPageDown: scroll(by: max(1, height / 2), height: height)
        case .halfPageUp: scroll(by: -max(1, height / 2), height: height)
        case .first: scroll(to: 0, height: height)
        default: return false
        }
        return true
    }
}

extension HelpView: LineScrolling {}
extension DetailView: LineScrolling {}
