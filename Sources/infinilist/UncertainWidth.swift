import CNCursesW
import InfinilistCore

/// Emoji sequences whose width terminals disagree on. curses (and the core) measure them scalar
/// by scalar with `wcwidth`; a terminal that draws `❤️` (a variation selector) two columns wide,
/// or a joined sequence narrower (`CursesText` writes no joiners, but the selectors stay), puts
/// everything after it on that row elsewhere than curses believes. Harmless for a row drawn whole from its start (it is drawn the same way every time),
/// but curses' usual update (only the cells that changed, at the columns it believes) then
/// writes over the wrong cells: a table's columns would tear.
///
/// So a row that changes anywhere at or after such a sequence (in the old row or the new one) is
/// redrawn whole: `needsWholeRow` says when. Moving the cursor changes only the gutter, before any
/// text, so ↓ still writes two cells.
enum UncertainWidth {
    static func needsWholeRow(old: FrameRow, new: FrameRow) -> Bool {
        let oldCells = cells(old)
        let newCells = cells(new)
        guard let uncertain = [firstUncertainColumn(oldCells), firstUncertainColumn(newCells)].compactMap({ $0 }).min() else {
            return false
        }
        let oldTail = tail(oldCells, from: uncertain)
        let newTail = tail(newCells, from: uncertain)
        return oldTail.column != newTail.column || !oldTail.cells.elementsEqual(newTail.cells, by: ==)
    }

    /// The row's characters with their styles and their widths as curses counts them
    /// (`wcwidth`, scalar by scalar).
    static func cells(_ row: FrameRow) -> [(character: Character, style: Style, width: Int)] {
        var cells: [(character: Character, style: Style, width: Int)] = []
        for span in row.spans {
            for character in span.text {
                cells.append((character, span.style, width(character)))
            }
        }
        return cells
    }

    /// The column where the first uncertain sequence starts.
    static func firstUncertainColumn(_ cells: [(character: Character, style: Style, width: Int)]) -> Int? {
        var column = 0
        for cell in cells {
            if isUncertain(cell.character) { return column }
            column += cell.width
        }
        return nil
    }

    /// The cells from the first one that starts at or after `column`, and where it starts.
    private static func tail(_ cells: [(character: Character, style: Style, width: Int)], from column: Int)
        -> (column: Int, cells: ArraySlice<(character: Character, style: Style, width: Int)>) {
        var at = 0
        for index in cells.indices {
            if at >= column { return (at, cells[index...]) }
            at += cells[index].width
        }
        return (at, cells[cells.endIndex...])
    }

    /// A cluster of several scalars joined or modified as emoji: ZWJ, variation selectors,
    /// skin tones, keycaps, tags, or a pair of regional indicators.
    static func isUncertain(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard scalars.count > 1 else { return false }
        var regional = 0
        for scalar in scalars {
            switch scalar.value {
            case 0x200D, 0xFE0E, 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            case 0x1F1E6...0x1F1FF: regional += 1
            default: break
            }
        }
        return regional > 1
    }

    static func width(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + max(0, Int(wcwidth(wchar_t(bitPattern: $1.value)))) }
    }
}
