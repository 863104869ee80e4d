/// What a key does in the list. Keys map to actions through `KeyMap`, so handling, the help
/// screen and docs/keys.md all come from one table.
public enum Action: Sendable, Hashable, CaseIterable {
    case down, up
    case pageDown, pageUp
    case halfPageDown, halfPageUp
    case first, last
    case select
    case retry
    case redraw
    case suspend
    case quit
    case interrupt
}
