/// Everything that can happen to the program, as data. The event loop turns keys, signals,
/// timer ticks and loader results into messages; `AppState.update` turns them into effects.
public enum Message: Sendable, Equatable {
    case key(Key)
    case resized(Size)
    case pageLoaded(PageResult)
    case pageFailed(PageFailure)
    /// The spinner's clock: sent only while something animates.
    case tick
}

/// What the core asks the outside world to do.
public enum Effect: Sendable, Equatable {
    case load(PageRequest)
    case cancel(RequestID)
    /// Leave the program: restore the terminal, then write `output` lines to stdout and exit.
    case quit(code: Int32, output: [String])
    /// Tell the user something is not possible (curses `beep`).
    case bell
    /// Repaint the whole screen (Ctrl-L, or after the terminal was disturbed).
    case redraw
    /// Restore the terminal and stop the process (Ctrl-Z); repaint fully when it continues.
    case suspend
}
