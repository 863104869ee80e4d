import CNCursesW
import InfinilistCore

/// The mouse through curses: asks the terminal to report the wheel and button-1 presses, and
/// turns what `getmouse` returns into the core's `MouseEvent`, so mouse masks never leave the
/// screen. With reporting on, the terminal's own text selection needs Shift (in most terminals);
/// `--no-mouse` leaves the mouse to the terminal.
enum CursesMouse {
    /// Turns reporting on; false when the terminal cannot report the mouse.
    static func enable() -> Bool {
        // No click detection: a press is reported at once, so a click does not wait for curses
        // to decide whether a release follows.
        _ = mouseinterval(0)
        return mousemask(shim_mouse_mask_wanted(), nil) != 0
    }

    /// Reads the event `KEY_MOUSE` announced; nil when it is none the core knows (a release, a
    /// button other than the first).
    static func read() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        return translate(state: event.bstate, y: Int(event.y))
    }

    static func translate(state: mmask_t, y: Int) -> MouseEvent? {
        if shim_mouse_is_wheel_up(state) != 0 { return .wheelUp }
        if shim_mouse_is_wheel_down(state) != 0 { return .wheelDown }
        if shim_mouse_is_click(state) != 0 { return .click(y: y) }
        return nil
    }
}
