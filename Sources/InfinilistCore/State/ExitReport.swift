/// What the program says and returns when the screen closes, so a script can tell a pick from a
/// cancel and a cancel from a failure (issue 33.8), and the error on the screen is not lost with
/// it (issue 33.1). Decided here, from the list's state, so the rules are tested without a
/// terminal; the executable only says whether stdout is a terminal and prints what this says.
public struct ExitReport: Sendable, Equatable {
    /// The process's exit status.
    public var status: Int32
    /// Lines for stderr, printed after the terminal is restored.
    public var errors: [String]

    /// The status when the list failed and nothing was picked: as for a failed `--dump` page.
    public static let failedList: Int32 = 1
    /// The status for quitting without a pick when stdout is not a terminal: fzf's (and the
    /// shell's for Ctrl-C), so `pick=$(infinilist URL) || exit` stops on a cancel.
    public static let cancelled: Int32 = 130
}

extension AppState {
    /// The exit after the loop ended with `status` (the `.quit` effect's, or 128 + a signal),
    /// `picked` telling whether Enter (or `print(…)`) wrote items to stdout.
    ///
    /// - A pick is a success: its status is kept (0).
    /// - Any other status that is not 0 (Ctrl-C's 130, a signal's) is kept: its meaning does not
    ///   change.
    /// - `q` or `Esc` while the list's next page has failed: 1, the failure named on stderr.
    /// - `q` or `Esc` otherwise: 0 on a terminal (a browser, as less), 130 when stdout is a file
    ///   or a pipe (a picker, as fzf: nothing was picked).
    ///
    /// A failed page is named on stderr whatever the status, so it can be read whole after the
    /// screen is gone.
    public func exitReport(status: Int32, picked: Bool, stdoutIsTerminal: Bool) -> ExitReport {
        var errors: [String] = []
        var failed = false
        if case .failed(let page, let message) = loading.tail {
            failed = true
            errors.append(TerminalText.sanitize("infinilist: page \(page + 1) failed: \(message)"))
        }
        guard !picked, status == 0 else { return ExitReport(status: status, errors: errors) }
        if failed { return ExitReport(status: ExitReport.failedList, errors: errors) }
        return ExitReport(status: stdoutIsTerminal ? 0 : ExitReport.cancelled, errors: errors)
    }
}
