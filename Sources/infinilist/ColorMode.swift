import ArgumentParser

/// `--color never|auto|always`: whether the screen uses colour, decided before curses starts so
/// the styles can fall back to bold, dim, reverse and underline alone. `auto` honours NO_COLOR
/// (https://no-color.org: set and not empty means no colour); `always` overrides it. Either way
/// colour needs a terminal that has it: curses' `has_colors` has the last word.
enum ColorMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    case never, auto, always

    /// Whether to ask curses for colours, given the value of NO_COLOR (nil when unset).
    func wantsColor(noColor: String?) -> Bool {
        switch self {
        case .never: return false
        case .always: return true
        case .auto: return noColor?.isEmpty ?? true
        }
    }
}
