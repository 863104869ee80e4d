import CTerminalWidth
import InfinilistCore

/// One cell of the terminal as the screen's writer models it. Cells are measured as curses
/// measured them (`CursesText`): the C library's `wcwidth` for each scalar, the zero-width joiner
/// left out, an unprintable scalar shown as U+FFFD. So the columns the writer counts are the
/// columns curses counted, which is what the terminals were seen to draw.
struct ScreenCell: Equatable {
    /// The character; a blank for a blank cell and for the right half of a wide character.
    var scalar: Unicode.Scalar
    /// 1, 2 for a wide character, 0 for the right half of one (written with its left half).
    var width: UInt8
    var style: Style
    /// Zero-width scalars drawn with it (combining marks); none for nearly every cell. Held in
    /// the cell, not in an array, so rows of cells are plain memory: no reference to retain and
    /// release each time a cell is copied, compared or dropped (a ↓ handles hundreds).
    var marks = CellMarks()

    static func blank(_ style: Style) -> ScreenCell {
        ScreenCell(scalar: " ", width: 1, style: style)
    }

    /// A blank in the plain style: what `el` leaves, so what the writer may clear instead of write.
    var isPlainBlank: Bool { scalar == " " && width == 1 && style == .normal && marks.isEmpty }
}

/// Up to four combining marks of one cell, as curses keeps them (`CCHARW_MAX` is five: the
/// character and four marks; a fifth is dropped, by curses and here alike).
struct CellMarks: Equatable {
    /// Two marks a word, each in its half; 0 where there is none (no mark is U+0000).
    private var first: UInt64 = 0
    private var second: UInt64 = 0

    static let capacity = 4

    var isEmpty: Bool { first == 0 }

    /// Adds `mark` after the ones held; false (and nothing added) when four are held.
    @discardableResult
    mutating func append(_ mark: Unicode.Scalar) -> Bool {
        let value = UInt64(mark.value)
        if first & 0xFFFF_FFFF == 0 { first = value
        } else if first >> 32 == 0 { first |= value << 32
        } else if second & 0xFFFF_FFFF == 0 { second = value
        } else if second >> 32 == 0 { second |= value << 32
        } else { return false }
        return true
    }

    /// The marks in the order they were added.
    var scalars: [Unicode.Scalar] {
        [first & 0xFFFF_FFFF, first >> 32, second & 0xFFFF_FFFF, second >> 32]
            .compactMap { $0 == 0 ? nil : Unicode.Scalar(UInt32($0)) }
    }
}

enum ScreenCells {
    /// Appends the cells of `spans` to `cells`, never past `limit` cells in all: the row stops at
    /// the first character that does not fit, as curses' did. False when that cut it.
    @discardableResult
    static func append(_ spans: ArraySlice<Span>, limit: Int, to cells: inout [ScreenCell]) -> Bool {
        for span in spans {
            guard append(span, limit: limit, to: &cells) else { return false }
        }
        return true
    }

    /// The columns `spans` take, as `append` would count them; nil when `limit` cuts them.
    /// Printable ASCII is counted by its length; other text is measured in `scratch`.
    static func columns(of spans: ArraySlice<Span>, limit: Int, scratch: inout [ScreenCell]) -> Int? {
        var columns = 0
        for span in spans {
            if let width = DisplayWidth.printableASCIIWidth(span.text) {
                columns += width
                guard columns <= limit else { return nil }
                continue
            }
            scratch.removeAll(keepingCapacity: true)
            guard append(span, limit: limit - columns, to: &scratch) else { return nil }
            columns += scratch.count
        }
        return columns
    }

    /// Whether `span` starts with a character of no width (a combining mark, a joiner): it joins
    /// the cell before it, which belongs to the spans before.
    static func startsWithZeroWidth(_ span: Span) -> Bool {
        guard let first = span.text.unicodeScalars.first, first.value >= 0x80 else { return false }
        return terminal_wcwidth(first.value) == 0
    }

    /// Pads `cells` with blanks in `style` to `limit` cells.
    static func pad(_ cells: inout [ScreenCell], to limit: Int, _ style: Style) {
        guard cells.count < limit else { return }
        let blank = ScreenCell.blank(style)
        cells.reserveCapacity(limit)
        // A loop: `+= repeatElement(…)` went through the generic copy of a sequence, 45
        // instructions a cell (a row scrolled in is compared with a hundred blanks).
        for _ in cells.count..<limit { cells.append(blank) }
    }

    /// False when the span did not fit whole.
    private static func append(_ span: Span, limit: Int, to cells: inout [ScreenCell]) -> Bool {
        // Printable ASCII, most of what rows hold: a cell a byte.
        if DisplayWidth.printableASCIIWidth(span.text) != nil {
            for byte in span.text.utf8 {
                guard cells.count < limit else { return false }
                cells.append(ScreenCell(scalar: Unicode.Scalar(byte), width: 1, style: span.style))
            }
            return true
        }
        for original in span.text.unicodeScalars where original.value != 0x200D {
            var scalar = original
            var width = Int(terminal_wcwidth(scalar.value))
            if width < 0 {
                scalar = "\u{FFFD}"
                width = 1
            }
            if width == 0 {
                // A combining mark joins the character before it, in this span or the last one.
                if let last = cells.lastIndex(where: { $0.width > 0 }) { cells[last].marks.append(scalar) }
                continue
            }
            guard cells.count + width <= limit else { return false }
            cells.append(ScreenCell(scalar: scalar, width: UInt8(width), style: span.style))
            if width == 2 { cells.append(ScreenCell(scalar: " ", width: 0, style: span.style)) }
        }
        return true
    }
}
