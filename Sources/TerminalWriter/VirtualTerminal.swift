import CTerminalWidth
import InfinilistCore

/// A terminal in memory, for tests (as ratatui's `TestBackend`): it applies the bytes
/// `FrameWriter` writes with `TerminalCapabilities.ansi` (xterm's moves, scroll region, `ind`,
/// `ri`, `indn`, `el`, `clear`, and one colour per style) and shows the cells that result, so a
/// test can assert what a terminal would show and how many bytes it took, without a pane.
///
/// Columns are counted with the C library's `wcwidth`, as the writer counts them: the test sets
/// a UTF-8 locale. A sequence it does not know, or a character written past a row's end, is
/// kept in `problems` instead of being guessed at, so a test can require there are none.
public struct VirtualTerminal {
    /// One cell: its character with any combining marks, and its style. The right half of a
    /// wide character holds no text.
    public struct Cell: Equatable, Sendable {
        public var text: String
        public var style: Style
        static func blank(_ style: Style) -> Cell { Cell(text: " ", style: style) }
    }

    public let rows: Int
    public let columns: Int
    public private(set) var cells: [[Cell]]
    /// Bytes applied so far.
    public private(set) var bytesApplied = 0
    /// What could not be applied: unknown sequences, writes past a row's end.
    public private(set) var problems: [String] = []
    private var row = 0
    private var column = 0
    private var style = Style.normal
    private var region: ClosedRange<Int>

    public init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        cells = Array(repeating: Array(repeating: .blank(.normal), count: self.columns), count: self.rows)
        region = 0...(self.rows - 1)
    }

    /// Row `y`'s text: each cell's, the right halves of wide characters left out.
    public func text(row y: Int) -> String {
        cells[y].map(\.text).joined()
    }

    /// Every row's text.
    public var lines: [String] { (0..<rows).map(text(row:)) }

    /// Applies bytes written to the terminal.
    public mutating func apply(_ bytes: [UInt8]) {
        bytesApplied += bytes.count
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                index = escape(bytes, at: index)
            } else if byte == 0x0A {
                index += 1
                lineFeed()
            } else if byte < 0x20 || byte == 0x7F {
                problems.append("control byte \(byte)")
                index += 1
            } else {
                // Printable text up to the next control byte, decoded as UTF-8.
                var end = index
                while end < bytes.count, bytes[end] >= 0x20, bytes[end] != 0x7F { end += 1 }
                for scalar in String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars { put(scalar) }
                index = end
            }
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        var shown = scalar
        var width = Int(terminal_wcwidth(scalar.value))
        if width < 0 {
            shown = "\u{FFFD}"
            width = 1
        }
        if width == 0 {
            // A combining mark joins the character before the cursor.
            var at = column - 1
            while at > 0, cells[row][at].text.isEmpty { at -= 1 }
            if at >= 0 { cells[row][at].text.unicodeScalars.append(shown) }
            return
        }
        guard column + width <= columns else {
            problems.append("\(String(shown)) written past the end of row \(row)")
            return
        }
        cells[row][column] = Cell(text: String(shown), style: style)
        if width == 2 { cells[row][column + 1] = Cell(text: "", style: style) }
        column += width
        // The cursor waits at the last column, as xterm's delayed wrap (`xenl`) does.
        if column >= columns { column = columns - 1 }
    }

    /// An escape sequence from `start` (its ESC); returns the index after it.
    private mutating func escape(_ bytes: [UInt8], at start: Int) -> Int {
        guard start + 1 < bytes.count else {
            problems.append("a lone ESC")
            return start + 1
        }
        switch bytes[start + 1] {
        case UInt8(ascii: "M"):
            reverseIndex()
            return start + 2
        case UInt8(ascii: "["):
            var end = start + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else {
                problems.append("an unfinished CSI")
                return bytes.count
            }
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            control(final: bytes[end], parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) })
            return end + 1
        default:
            problems.append("ESC \(bytes[start + 1])")
            return start + 2
        }
    }

    private mutating func control(final: UInt8, _ numbers: [Int?]) {
        func number(_ at: Int, default value: Int) -> Int { at < numbers.count ? numbers[at] ?? value : value }
        switch final {
        case UInt8(ascii: "H"):
            row = min(rows - 1, max(0, number(0, default: 1) - 1))
            column = min(columns - 1, max(0, number(1, default: 1) - 1))
        case UInt8(ascii: "K"):
            for x in column..<columns { cells[row][x] = .blank(style) }
        case UInt8(ascii: "J") where number(0, default: 0) == 2:
            cells = Array(repeating: Array(repeating: .blank(style), count: columns), count: rows)
        case UInt8(ascii: "r"):
            let top = max(0, number(0, default: 1) - 1)
            let bottom = min(rows - 1, number(1, default: rows) - 1)
            region = top <= bottom ? top...bottom : 0...(rows - 1)
            (row, column) = (0, 0)
        case UInt8(ascii: "S"):
            for _ in 0..<max(1, number(0, default: 1)) { scrollUp() }
        case UInt8(ascii: "m"):
            if numbers.allSatisfy({ $0 == nil || $0 == 0 }) {
                style = .normal
            } else if numbers.count == 3, numbers[0] == 38, numbers[1] == 5, let index = numbers[2], index >= 1, index <= Style.allCases.count {
                style = Style.allCases[Style.allCases.index(Style.allCases.startIndex, offsetBy: index - 1)]
            } else {
                problems.append("SGR \(numbers)")
            }
        default:
            problems.append("CSI \(numbers) \(Character(Unicode.Scalar(final)))")
        }
    }

    /// `ind` (a line feed): down a row, scrolling the region up at its bottom.
    private mutating func lineFeed() {
        if row == region.upperBound { scrollUp() } else if row < rows - 1 { row += 1 }
    }

    /// `ri`: up a row, scrolling the region down at its top.
    private mutating func reverseIndex() {
        if row == region.lowerBound {
            cells.remove(at: region.upperBound)
            cells.insert(Array(repeating: .blank(style), count: columns), at: region.lowerBound)
        } else if row > 0 {
            row -= 1
        }
    }

    private mutating func scrollUp() {
        cells.remove(at: region.lowerBound)
        cells.insert(Array(repeating: .blank(style), count: columns), at: region.upperBound)
    }
}
