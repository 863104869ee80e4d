/// Everything that can happen to the program, as data. The event loop turns keys, signals,
/// timer ticks and loader results into messages; `AppState.update` turns them into effects.
public enum Message: Sendable, Equatable {
    case key(Key)
    case resized(Size)
    case pageLoaded(PageResult)
    case pageFailed(PageFailure)
    /// The loader is holding a page request back (rate limit, retry backoff, pacing); sent again
    /// each second with the seconds left. The request still ends with `.pageLoaded`/`.pageFailed`.
    case pageWaiting(PageWait)
    /// The spinner's clock: sent only while something animates.
    case tick
    /// The wheel or a click (only when mouse support is on).
    case mouse(MouseEvent)
    /// The time of day, sent by the event loop with each batch of messages: the core has no
    /// clock, and shows dates as ages relative to this.
    case wallClock(WallClock)
    /// How an action done outside the core went (a background command failed, the browser
    /// could not start): shown on the status line.
    case commandReport(CommandNotice)
    /// How writing the view to a file went (`w`).
    case fileWritten(FileWriteResult)
    /// How saving the view into the config file went (`V`).
    case viewSaved(ViewSaveResult)
    /// How the background count of a file's rows goes (`Effect.countRows`).
    case rowsCounted(RowCountReport)
}

/// What the core asks the outside world to do.
public enum Effect: Sendable, Equatable {
    case load(PageRequest)
    case cancel(RequestID)
    /// Count the rows of the whole input without reading its items (a file of JSON lines), in
    /// the background; the loader answers with `Message.rowsCounted` carrying this id.
    case countRows(RequestID)
    /// Leave the program: restore the terminal, then write `output` lines to stdout and exit.
    case quit(code: Int32, output: [String])
    /// Tell the user something is not possible (curses `beep`).
    case bell
    /// Repaint the whole screen (Ctrl-L, or after the terminal was disturbed).
    case redraw
    /// Restore the terminal and stop the process (Ctrl-Z); repaint fully when it continues.
    case suspend
    /// Write these items to standard output now, a line each: their JSON (from their page's
    /// buffer when they share one, decision 90) or their row text. `--dump` streams items this
    /// way; the page's items are handed on as they are, no array of lines is made. A write that
    /// fails (the reader went away, a full disk) ends the program.
    case output(ArraySlice<Item>, ItemLine)
    /// Write these lines to standard output now, a line each: what `--jq` made of the items.
    case outputLines([String])
    /// Say this on standard error, in order with the output (`--dump`'s progress and end).
    case report(String)
    /// Show this as the one progress line on standard error, replacing the last one (`--dump`:
    /// pages, items, rate). Only a person watching needs it: it is shown only where stderr is a
    /// terminal, and cleared before the next `report` and at exit.
    case progress(String)
    /// Open this http or https address in the browser (`o`), detached from the terminal.
    case openInBrowser(String)
    /// Put this text on the terminal's clipboard (`y`, OSC 52).
    case copyToClipboard(String)
    /// Leave the screen, run this command with `sh -c` on the terminal, wait, and come back
    /// (`execute`). Its values are already shell-quoted.
    case runCommand(String)
    /// Run this command with `sh -c` in the background (`execute-silent`).
    case runCommandInBackground(String)
    /// Keep this program in the `|` prompt's history (a file in the state directory).
    case rememberQuery(String)
    /// Write these lines to the file at `path` (`w`): not over an existing file unless
    /// `overwrite`; the loop answers with `Message.fileWritten`.
    case writeFile(path: String, lines: [String], overwrite: Bool)
    /// Save the view as a named source of the config file (`V`); the loop answers with
    /// `Message.viewSaved`.
    case saveView(SavedView)
}

/// Which line an item is written as (`Effect.output`).
public enum ItemLine: Sendable, Equatable {
    /// Its compact JSON (`--dump`).
    case json
    /// Its row text (`--dump --format`).
    case text
}
