import InfinilistCore

/// What the event loop needs to carry out the actions on an item that reach outside the
/// program: the browser and shell commands. A protocol so the loop does not depend on
/// processes: `ProcessCommands` is the real one; a loop without it rings the bell instead.
public protocol CommandRunner: Sendable {
    /// Opens an http or https address in the browser, detached; a failure is reported later.
    func open(_ address: String)
    /// Runs a command with `sh -c` in the background; a failure is reported later.
    func runInBackground(_ command: String)
    /// Runs a command with `sh -c` on the terminal and waits for it (the screen is left
    /// meanwhile); returns what to tell the user, if anything.
    func runOnTerminal(_ command: String) -> CommandNotice?
}
