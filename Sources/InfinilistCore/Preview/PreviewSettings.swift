/// Where the preview pane goes: beside the list (the default, where a wide terminal has room to
/// spare) or under it.
public enum PreviewPosition: String, Sendable, CaseIterable {
    case right
    case bottom
}

/// The preview pane as the command line sets it up (`--preview`, `--preview-position`,
/// `--preview-size`); `p` opens and closes it while running.
public struct PreviewSettings: Sendable, Equatable {
    /// Open from the start (`--preview`).
    public var opens: Bool
    public var position: PreviewPosition
    /// The pane's share of the screen, in percent: of the columns beside the list, of the rows
    /// above the status line under it.
    public var percent: Int

    /// The sizes `--preview-size` accepts: below 10% a pane shows nothing readable, above 90%
    /// the list is a sliver.
    public static let percentRange = 10...90
    public static let defaultPercent = 50

    public init(opens: Bool = false, position: PreviewPosition = .right, percent: Int = PreviewSettings.defaultPercent) {
        self.opens = opens
        self.position = position
        self.percent = percent
    }
}
