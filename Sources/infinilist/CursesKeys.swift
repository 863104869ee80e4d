import CNCursesW
import InfinilistCore

/// Translates what `wget_wch` returns into the core's keys, so curses key codes never leave
/// the screen. Raw mode means Ctrl-C and Ctrl-Z arrive here as bytes 3 and 26.
enum CursesKeys {
    /// One input from curses: a key, a resize, a mouse event to read with `getmouse`, or
    /// nothing the core knows.
    enum Input: Equatable {
        case key(Key)
        case resize
        case mouse
        case ignored
    }

    /// A function key (`wget_wch` returned KEY_CODE_YES).
    static func translate(functionKey code: Int32) -> Input {
        switch code {
        case KEY_DOWN: return .key(.down)
        case KEY_UP: return .key(.up)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        // Shift-↓/↑: terminfo's kind/kri (xterm and tmux send ESC [1;2B and ESC [1;2A).
        case KEY_SF: return .key(.shiftDown)
        case KEY_SR: return .key(.shiftUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_HOME, KEY_A1: return .key(.home)
        case KEY_END, KEY_C1, KEY_LL: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_BTAB: return .key(.backTab)
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return .mouse
        case shim_key_f(1)...shim_key_f(63): return .key(.function(Int(code - shim_key_f(0))))
        default: return .ignored
        }
    }

    /// A character (`wget_wch` returned OK).
    static func translate(character code: UInt32) -> Input {
        switch code {
        case 10, 13: return .key(.enter)
        case 9: return .key(.tab)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 1...26:
            guard let letter = Unicode.Scalar(UInt32(UInt8(ascii: "a")) + code - 1) else { return .ignored }
            return .key(.ctrl(Character(letter)))
        case 0..<32, 0x80..<0xA0: return .ignored
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }
            return .key(.char(Character(scalar)))
        }
    }
}
