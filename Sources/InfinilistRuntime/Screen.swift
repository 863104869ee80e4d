import InfinilistCore

/// What the event loop needs of a terminal. A protocol so the loop does not depend on curses:
/// `CursesScreen` is the real one, `--dump` has one that paints nothing (`DumpScreen`), and the
/// tests drive the loop with a screen that types keys.
public protocol Screen: AnyObject {
    /// The size frames are rendered for.
    var size: Size { get }
    /// The descriptor the loop polls for input; -1 for a screen without input.
    var inputDescriptor: Int32 { get }
    /// Shows `frame`, writing only what differs from the previous one.
    func paint(_ frame: Frame)
    /// Every input that is waiting, as messages (keys, resizes); never blocks.
    func readInput() -> [Message]
    /// Re-reads the terminal's size after SIGWINCH; the new size when it changed.
    func updateSize() -> Size?
    /// Tells the user a key did nothing.
    func bell()
    /// Forgets what is on the terminal, so the next paint clears and writes everything.
    func invalidate()
    /// Restores the terminal and stops the process (Ctrl-Z); returns when it continues, with
    /// the screen invalidated.
    func suspend()
    /// The process was stopped from outside and continued: the shell may have set the terminal's
    /// modes meanwhile and drawn over the screen. The screen takes the terminal back and the next
    /// paint draws everything.
    func continued()
    /// Restores the terminal for good. Idempotent.
    func close()
    /// Puts `text` on the terminal's clipboard (OSC 52), without disturbing what is drawn.
    func setClipboard(_ text: String)
    /// Restores the terminal, runs `body` (a command that uses it), and takes it back with the
    /// screen invalidated, so the next paint redraws everything.
    func lendTerminal(_ body: () -> Void)
}

/// For screens without a terminal (`--dump`, the tests' screens): nothing to copy to, nothing
/// to lend.
extension Screen {
    public func continued() { invalidate() }
    public func setClipboard(_ text: String) {}
    public func lendTerminal(_ body: () -> Void) { body() }
}
