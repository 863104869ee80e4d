import CNCursesW
import InfinilistCore

/// Maps the core's styles to curses attributes: colours when the terminal has them and the
/// user has not set `NO_COLOR`, otherwise bold, dim, reverse and underline alone. The core says
/// what is emphasised; this decides how.
struct CursesStyles {
    private let attributes: [Style: attr_t]

    /// Colour pairs, numbered from 1.
    private enum Pair: Int16, CaseIterable {
        case pointer = 1, error, loading, match, marked
    }

    /// Call after curses has started. `color` false forces monochrome.
    init(color: Bool) {
        let normal = shim_a_normal()
        let bold = shim_a_bold()
        let dim = shim_a_dim()
        let reverse = shim_a_reverse()
        let underline = shim_a_underline()
        var useColor = false
        if color, has_colors() {
            start_color()
            let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
            let foregrounds: [Pair: Int32] = [
                .pointer: COLOR_CYAN, .error: COLOR_RED, .loading: COLOR_CYAN,
                .match: COLOR_YELLOW, .marked: COLOR_MAGENTA,
            ]
            useColor = Pair.allCases.allSatisfy { pair in
                init_pair(pair.rawValue, Int16(foregrounds[pair] ?? COLOR_WHITE), background) == OK
            }
        }
        func colored(_ pair: Pair, _ attributes: attr_t) -> attr_t {
            useColor ? attributes | shim_color_pair(pair.rawValue) : attributes
        }
        self.attributes = [
            .normal: normal,
            .dim: dim,
            .pointer: colored(.pointer, bold),
            .marked: colored(.marked, bold | (useColor ? normal : underline)),
            .match: colored(.match, useColor ? bold : reverse),
            .loading: colored(.loading, normal),
            .error: colored(.error, bold),
            .end: dim,
            .placeholder: dim,
            .status: reverse,
        ]
    }

    func attributes(for style: Style) -> attr_t {
        attributes[style] ?? shim_a_normal()
    }
}
