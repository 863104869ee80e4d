import CNCursesW
import Glibc
import InfinilistRuntime
import InfinilistCore
import TerminalWriter

/// The terminal could not be used (no controlling terminal, unknown TERM).
struct TerminalUnavailable: Error, CustomStringConvertible {
    let description: String
}

/// The screen on a real terminal, through ncursesw: the only type (with its Curses* helpers)
/// that calls curses, always from the event loop's thread.
///
/// It draws on /dev/tty, never on stdout, so stdout stays free for the item Enter prints. It
/// keeps the last frame; `FrameWriter` writes what differs from it (decision 84), with curses
/// kept for the terminal's modes, keys, mouse and terminfo. On a terminal without what the
/// writer needs, curses draws: the rows that differ are written into its window, and it sends the
/// cells that changed, scrolling the terminal instead of rewriting rows with `idlok`.
final class CursesScreen: Screen {
    private let tty: UnsafeMutablePointer<FILE>
    private let terminal: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let styles: CursesStyles
    private var previous: Frame?
    /// Nil when the terminal lacks what the writer needs: curses draws.
    private var writer: FrameWriter?
    /// Curses must set the terminal up again before the writer writes (after `endwin`, after a
    /// resize): one refresh of its window, which is never drawn in, does it.
    private var cursesOwesARefresh = false
    private var isOpen = true
    private var hasPainted = false
    private(set) var size: Size
    let inputDescriptor: Int32

    /// Starts curses on /dev/tty. `color` false gives the monochrome look (`--color never`,
    /// `NO_COLOR`); `mouse` turns on wheel and click reports (off: `--no-mouse`).
    init(color: Bool, mouse: Bool) throws(TerminalUnavailable) {
        setlocale(LC_ALL, "")
        let termName = getenv("TERM").map { String(cString: $0) } ?? ""
        func unavailable(_ reason: String) -> TerminalUnavailable {
            TerminalUnavailable(
                description: "infinilist needs a terminal (TERM=\(termName.isEmpty ? "not set" : termName)): \(reason); use --dump for scripts"
            )
        }
        guard !termName.isEmpty, termName != "dumb" else { throw unavailable("no usable terminal type") }
        guard let tty = fopen("/dev/tty", "r+") else { throw unavailable("cannot open /dev/tty") }
        // The modes a crash must restore: the terminal's, before curses changes them.
        CrashGuard.saveModes(of: fileno(tty))
        // Ctrl-Z is a key here (raw mode) and suspends through `suspend()`; a SIGTSTP sent from
        // outside does the same through the signal watcher. SIGTSTP was blocked and set to be
        // ignored by `ProcessSetup`, so curses installs no handler of its own (its handler
        // redraws curses' picture of the screen, which the writer never draws in: a blank
        // screen). Bound commands get it back at its default (`Spawn`).
        guard let terminal = newterm(nil, tty, tty) else {
            fclose(tty)
            throw unavailable("unknown terminal type")
        }
        guard let window = shim_stdscr() else {
            endwin()
            delscreen(terminal)
            fclose(tty)
            throw unavailable("curses has no screen")
        }
        self.tty = tty
        self.terminal = terminal
        self.window = window
        inputDescriptor = fileno(tty)
        raw()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        // Let curses use insert/delete line (scrolling) when rows move, but never scroll the
        // window by writing at its end; and do not track the cursor, which is hidden.
        idlok(window, true)
        scrollok(window, false)
        leaveok(window, true)
        styles = CursesStyles(color: color)
        writer = TerminalCapabilities(styles: styles).map(FrameWriter.init)
        if mouse { _ = CursesMouse.enable() }
        size = Size(rows: Int(shim_getmaxy(window)), columns: Int(shim_getmaxx(window)))
        CrashGuard.arm()
        cursesOwesARefresh = true
    }

    deinit { close() }

    func paint(_ frame: Frame) {
        guard isOpen else { return }
        if previous?.size != frame.size { previous = nil }
        if writer != nil {
            if cursesOwesARefresh {
                wrefresh(window)
                resumeKeypad()
                writer?.forgetAttributes()
                cursesOwesARefresh = false
            }
            // In place: the writer's kept cell buffers stay uniquely held, so they are reused.
            let bytes = writer?.bytes(from: previous, to: frame, size: size) ?? []
            previous = frame
            TerminalWrite.all(bytes, to: inputDescriptor)
            paintedOnce()
            return
        }
        let rows = min(frame.rows.count, size.rows)
        let before = previous.map { moved(from: $0.rows, to: frame.rows) } ?? []
        for y in 0..<rows {
            let row = frame.rows[y]
            if y < before.count, before[y] == row { continue }
            draw(row, at: y)
        }
        previous = frame
        wnoutrefresh(window)
        doupdate()
        if cursesOwesARefresh {
            resumeKeypad()
            cursesOwesARefresh = false
        }
        paintedOnce()
    }

    /// After `endwin` (a command run by `execute`, Ctrl-Z) the terminal is out of keypad mode and
    /// sends the arrows as `ESC [ B`, which curses' key table (keypad mode's `ESC O B`) does not
    /// know; curses sends `smkx` again only at its next key read, after the first key had been
    /// typed in the wrong mode and lost. Sent here, with the first paint back, before any key.
    private func resumeKeypad() {
        keypad(window, true)
    }

    private func paintedOnce() {
        if !hasPainted {
            hasPainted = true
            CrashTestHook.afterFirstPaint()
        }
    }

    /// The previous frame's rows as the window holds them once rows that moved (the list
    /// scrolled) are moved in the window itself: curses shifts its lines, and only the rows
    /// the move uncovered (nil) are written, not every row of the list again.
    /// Only in a frame of the window's own height: a scroll region outside the window would be
    /// refused and the move would scroll the wrong rows.
    private func moved(from old: [FrameRow], to new: [FrameRow]) -> [FrameRow?] {
        guard new.count == size.rows, let shift = RowShift.find(from: old, to: new) else { return old }
        let region = shift.region
        guard wsetscrreg(window, Int32(region.lowerBound), Int32(region.upperBound)) == OK else { return old }
        scrollok(window, true)
        _ = wscrl(window, Int32(shift.by))
        scrollok(window, false)
        _ = wsetscrreg(window, 0, Int32(size.rows - 1))
        return shift.applied(to: old)
    }

    /// Writes one row: its spans, then blanks in the row's fill style to the right edge.
    private func draw(_ row: FrameRow, at y: Int) {
        // The bottom-right cell is never written: some terminals scroll when it is.
        let limit = y == size.rows - 1 ? size.columns - 1 : size.columns
        wmove(window, Int32(y), 0)
        var column = 0
        for span in row.spans where column < limit {
            let (characters, width) = CursesText.clipped(span.text, columns: limit - column)
            guard !characters.isEmpty else { continue }
            _ = shim_wattrset(window, styles.attributes(for: span.style))
            _ = waddnwstr(window, characters, Int32(characters.count))
            column += width
        }
        _ = shim_wattrset(window, shim_a_normal())
        // After the last column curses has moved to the next row: nothing is left to clear.
        if column < size.columns {
            shim_wbkgdset(window, styles.attributes(for: row.fill))
            wclrtoeol(window)
            shim_wbkgdset(window, shim_a_normal())
        }
    }

    func readInput() -> [Message] {
        guard isOpen else { return [] }
        var messages: [Message] = []
        var afterEscape = false
        while true {
            var code: wint_t = 0
            let status = wget_wch(window, &code)
            if status == ERR { break }
            let input = status == KEY_CODE_YES
                ? CursesKeys.translate(functionKey: Int32(bitPattern: code))
                : CursesKeys.translate(character: code)
            switch input {
            case .key(.escape):
                afterEscape = true
                messages.append(.key(.escape))
            case .key(.char(let character)) where afterEscape:
                // Escape and a character in one read is an Alt chord, not Esc.
                messages.removeLast()
                messages.append(.key(.alt(character)))
                afterEscape = false
            case .key(let key):
                afterEscape = false
                messages.append(.key(key))
            case .resize:
                afterEscape = false
                if let newSize = sizeFromCurses() { messages.append(.resized(newSize)) }
            case .mouse:
                afterEscape = false
                if let event = CursesMouse.read() { messages.append(.mouse(event)) }
            case .ignored:
                afterEscape = false
            }
        }
        return messages
    }

    func updateSize() -> Size? {
        guard isOpen else { return nil }
        var rows: Int32 = 0
        var columns: Int32 = 0
        if shim_tty_size(inputDescriptor, &rows, &columns) == 0,
           rows != shim_getmaxy(window) || columns != shim_getmaxx(window) {
            resizeterm(rows, columns)
        }
        return sizeFromCurses()
    }

    /// The size curses has now, when it differs from the one frames were rendered for.
    private func sizeFromCurses() -> Size? {
        let current = Size(rows: Int(shim_getmaxy(window)), columns: Int(shim_getmaxx(window)))
        guard current != size, current.rows > 0, current.columns > 0 else { return nil }
        size = current
        cursesOwesARefresh = true
        invalidate()
        return current
    }

    func bell() {
        guard isOpen else { return }
        beep()
    }

    func invalidate() {
        guard isOpen else { return }
        previous = nil
        // Curses' own window is drawn in only when curses draws; touched, it would be refreshed
        // (cleared) by the next key read, over what the writer drew.
        if writer == nil { wclear(window) }
    }

    func suspend() {
        guard isOpen else { return }
        endwin()
        kill(getpid(), SIGSTOP)
        // Continued (fg): the next paint resumes curses' terminal modes and repaints everything.
        cursesOwesARefresh = true
        invalidate()
    }

    /// OSC 52 written after the last paint, straight to the terminal curses draws on: the
    /// sequence moves no cursor and draws nothing, so curses' picture of the screen stays true.
    func setClipboard(_ text: String) {
        guard isOpen else { return }
        TerminalWrite.all(Array(OSC52.sequence(for: text).utf8), to: inputDescriptor)
    }

    /// Stopped from outside (`kill -STOP`), the shell may have put the terminal's own modes back:
    /// curses' are set again, and the next paint clears and draws everything.
    func continued() {
        guard isOpen else { return }
        reset_prog_mode()
        invalidate()
    }

    /// The same path as Ctrl-Z: `endwin` restores the terminal, and the next paint after
    /// `invalidate` puts curses' modes back and redraws everything.
    func lendTerminal(_ body: () -> Void) {
        guard isOpen else { return body() }
        endwin()
        body()
        cursesOwesARefresh = true
        invalidate()
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        endwin()
        CrashGuard.disarm()
        delscreen(terminal)
        fclose(tty)
    }
}
