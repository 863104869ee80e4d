import CNCursesW
import InfinilistCore

/// Maps the core's styles to curses attributes: a restrained theme in the eight basic colours on
/// the terminal's own background when colour is wanted and the terminal has it, otherwise bold,
/// dim, reverse and underline alone, chosen so that styles shown side by side stay apart on a
/// monochrome terminal too. The core says what is emphasised; this decides how.
struct CursesStyles {
    /// The colour pair number of each pair of the palette; empty in monochrome.
    private let pairs: [ColorPair: Int16]

    /// Whether colours are in use (false: monochrome).
    var usesColor: Bool { !pairs.isEmpty }
    /// The background of the pairs that have none of their own: nil for the terminal's own.
    private(set) var background: Int16?

    /// Call after curses has started. `color` false forces monochrome.
    init(color: Bool) {
        var pairs: [ColorPair: Int16] = [:]
        // The terminal's own background (and foreground) where it allows, else black.
        var background = Int16(-1)
        // COLORS and COLOR_PAIRS are known once start_color has run.
        if color, has_colors(), start_color() == OK, shim_colors() >= 8, shim_color_pairs() > ColorPair.palette.count {
            background = use_default_colors() == OK ? Int16(-1) : Int16(COLOR_BLACK)
            for (offset, pair) in ColorPair.palette.enumerated() {
                let number = Int16(offset + 1)
                guard init_pair(number, Int16(pair.foreground), pair.background.map(Int16.init) ?? background) == OK else {
                    pairs.removeAll()
                    break
                }
                pairs[pair] = number
            }
        }
        self.pairs = pairs
        if !pairs.isEmpty, background >= 0 { self.background = background }
    }

    /// A switch and a few bit operations: cheap enough for every span painted.
    func attributes(for style: Style) -> attr_t {
        let look = Self.look(for: style)
        guard usesColor else { return look.monochrome.attributes }
        guard let pair = look.color, let number = pairs[pair] else { return look.inColor.attributes }
        return look.inColor.attributes | shim_color_pair(number)
    }

    /// The theme, one look per style; a `switch`, so a new style cannot be left out.
    static func look(for style: Style) -> Look {
        switch style {
        case .normal: return Look([], [])
        case .dim: return Look([.dim], [.dim])
        case .pointer: return Look(ColorPair(COLOR_CYAN), [.bold], [.bold])
        case .marked: return Look(ColorPair(COLOR_MAGENTA), [.bold], [.bold, .underline])
        // Black on yellow, as a browser's find highlights; reverse video without colour, as less.
        case .match: return Look(ColorPair(COLOR_BLACK, on: COLOR_YELLOW), [], [.reverse])
        // The current one stands apart: black on cyan; without colour, also bold and underlined.
        case .currentMatch: return Look(ColorPair(COLOR_BLACK, on: COLOR_CYAN), [], [.reverse, .bold, .underline])
        case .loading: return Look(ColorPair(COLOR_CYAN), [], [.bold])
        case .error: return Look(ColorPair(COLOR_RED), [.bold], [.bold, .underline])
        case .end: return Look([.dim], [.dim])
        case .placeholder: return Look([.dim], [.dim])
        case .textLine: return Look([.dim], [.dim])
        case .status: return Look([.reverse], [.reverse])
        case .heading: return Look(ColorPair(COLOR_YELLOW), [.bold], [.bold, .underline])
        // The table's header: bold, as column titles are; underlined too without colour.
        case .header: return Look([.bold], [.bold, .underline])
        // The detail view's JSON, coloured as jq does by default; without colour, keys bold,
        // numbers underlined, literals bold and underlined, strings plain, punctuation dim.
        case .jsonKey: return Look(ColorPair(COLOR_BLUE), [.bold], [.bold])
        case .jsonString: return Look(ColorPair(COLOR_GREEN), [], [])
        case .jsonNumber: return Look(ColorPair(COLOR_CYAN), [], [.underline])
        case .jsonLiteral: return Look(ColorPair(COLOR_MAGENTA), [], [.bold, .underline])
        case .jsonPunctuation: return Look([.dim], [.dim])
        }
    }

    /// How one style looks with colours (a pair and attributes) and without.
    struct Look {
        let color: ColorPair?
        let inColor: Emphasis
        let monochrome: Emphasis

        init(_ color: ColorPair, _ inColor: Emphasis, _ monochrome: Emphasis) {
            self.color = color
            self.inColor = inColor
            self.monochrome = monochrome
        }

        /// A look without a colour of its own.
        init(_ inColor: Emphasis, _ monochrome: Emphasis) {
            self.color = nil
            self.inColor = inColor
            self.monochrome = monochrome
        }
    }

    /// A foreground colour on a background (nil: the terminal's default).
    struct ColorPair: Hashable {
        let foreground: Int32
        let background: Int32?

        init(_ foreground: Int32, on background: Int32? = nil) {
            self.foreground = foreground
            self.background = background
        }

        /// Every pair the theme uses, given pair numbers from 1 in this order.
        static let palette: [ColorPair] = [
            ColorPair(COLOR_RED), ColorPair(COLOR_GREEN), ColorPair(COLOR_YELLOW), ColorPair(COLOR_BLUE),
            ColorPair(COLOR_MAGENTA), ColorPair(COLOR_CYAN), ColorPair(COLOR_BLACK, on: COLOR_YELLOW),
            ColorPair(COLOR_BLACK, on: COLOR_CYAN),
        ]
    }

    /// Video attributes without colour.
    struct Emphasis: OptionSet {
        let rawValue: UInt8
        static let bold = Emphasis(rawValue: 1)
        static let dim = Emphasis(rawValue: 2)
        static let reverse = Emphasis(rawValue: 4)
        static let underline = Emphasis(rawValue: 8)

        var attributes: attr_t {
            var value = shim_a_normal()
            if contains(.bold) { value |= shim_a_bold() }
            if contains(.dim) { value |= shim_a_dim() }
            if contains(.reverse) { value |= shim_a_reverse() }
            if contains(.underline) { value |= shim_a_underline() }
            return value
        }
    }
}
