/// A mouse event as the core sees it, independent of curses' mouse masks, so that wheel and
/// click behaviour can be tested without a terminal. `y` is the screen row, 0 at the top.
public enum MouseEvent: Sendable, Hashable {
    case wheelUp
    case wheelDown
    /// A button-1 click (press or click, whichever the terminal reports) at screen row `y`.
    case click(y: Int)
}
