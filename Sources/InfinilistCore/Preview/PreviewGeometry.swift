/// How the screen above the status line is shared between the list and the preview pane, for a
/// screen size: decided from the settings every time it is needed (render, the viewport's
/// height), so a resize lays the screen out again with nothing to keep in step.
///
/// The wanted position is tried first, then the other one, then the pane is hidden: a list too
/// narrow for its columns or too short to move in is worse than no preview (docs/decisions.md).
public enum PreviewGeometry: Sendable, Equatable {
    /// The preview is closed: the list has the screen.
    case closed
    /// Open, but neither position leaves room for a usable list and pane; the status line says so.
    case hidden
    /// The list on the left in `listWidth` columns; the pane takes the rest: the separator (a
    /// line between blanks), then the item.
    case right(listWidth: Int)
    /// The list on top in `listHeight` rows; the pane under it: a rule with the item's position,
    /// then the item, full width.
    case bottom(listHeight: Int)

    /// Beside the pane the list keeps at least this many columns: a table's title and two more
    /// columns, or a line of text that still reads as one.
    public static let minimumListColumns = 40
    /// The pane beside the list, separator included: narrower, pretty-printed JSON is mostly
    /// wrapped keys.
    public static let minimumPaneColumns = 20
    /// The separator beside the list: `" │ "`.
    static let separatorColumns = 3
    /// Over the pane the list keeps a header and two rows to move between.
    public static let minimumListRows = 3
    /// The pane's rule and two lines of the item.
    public static let minimumPaneRows = 3

    /// The layout for `size` (the whole screen, status line included).
    public static func make(_ settings: PreviewSettings, isOpen: Bool, size: Size) -> PreviewGeometry {
        guard isOpen else { return .closed }
        let order: [PreviewPosition] = settings.position == .right ? [.right, .bottom] : [.bottom, .right]
        for position in order {
            if let geometry = fit(position, percent: settings.percent, size: size) { return geometry }
        }
        return .hidden
    }

    private static func fit(_ position: PreviewPosition, percent: Int, size: Size) -> PreviewGeometry? {
        let contentHeight = max(0, size.rows - 1)
        switch position {
        case .right:
            guard contentHeight >= minimumPaneRows else { return nil }
            let pane = max(share(percent, of: size.columns), minimumPaneColumns)
            let list = size.columns - pane
            guard list >= minimumListColumns else { return nil }
            return .right(listWidth: list)
        case .bottom:
            guard size.columns >= minimumPaneColumns else { return nil }
            let pane = max(share(percent, of: contentHeight), minimumPaneRows)
            let list = contentHeight - pane
            guard list >= minimumListRows else { return nil }
            return .bottom(listHeight: list)
        }
    }

    /// `percent` of `total`, rounded to the nearest whole cell.
    private static func share(_ percent: Int, of total: Int) -> Int {
        (total * percent + 50) / 100
    }
}
