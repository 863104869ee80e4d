/// Where the detail view's lines and rows are, found only as far as they are needed.
///
/// An item's pretty-printed JSON can be millions of lines (an array of 16 million zeros is 32 MB
/// and 16 million lines); laying all of them out as spans took 4 GB and 15 s before the first
/// frame. Instead the lines are walked from the item's JSON text (`PrettyLines`) as the view
/// scrolls, and only one mark is kept for every `block` lines: where that line starts and its
/// first row at the view's width. Any line is then found by walking at most `block - 1` lines
/// from the mark before it, and the marks take a few bytes per block, not a string per line:
/// memory in proportion to the item's bytes. Walking only measures a line (its columns, when
/// it is plain ASCII); its text is made only when it is shown or searched.
///
/// Rows depend on the width and on wrapping, so the index is made again when they change; the
/// view keeps its place by line (`DetailView.layOut`).
struct DetailIndex: Sendable, Equatable {
    /// Lines between two marks: the most a look-up walks.
    static let block = 64

    /// The first line not walked yet: its number, where it starts (nil: the item has no more
    /// lines) and its first row.
    struct Frontier: Sendable, Equatable {
        var line: Int
        var start: LineStart?
        var row: Int
    }

    /// The item's text: JSON, walked into pretty lines, or any other text, shown as it is on one
    /// line. Contiguous UTF-8, so it is read in place.
    let text: String
    let isJSON: Bool
    /// The width the rows are counted for; 0 (not laid out yet) counts every line as one row.
    let width: Int
    let wraps: Bool
    /// The start and the first row of lines 0, `block`, 2 × `block`, …, as far as walked.
    private(set) var starts: [LineStart] = []
    private(set) var firstRows: [Int] = []
    private(set) var frontier: Frontier

    init(text: String, isJSON: Bool, width: Int, wraps: Bool) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        self.isJSON = isJSON
        self.width = width
        self.wraps = wraps
        let first = isJSON ? text.utf8.withContiguousStorageIfAvailable(PrettyLines.first(in:)) ?? nil : LineStart(offset: 0, depth: 0)
        frontier = Frontier(line: 0, start: first, row: 0)
    }

    /// The same item with rows counted for another width or wrapping, walked from the top again.
    func laidOut(width: Int, wraps: Bool) -> DetailIndex {
        DetailIndex(text: text, isJSON: isJSON, width: width, wraps: wraps)
    }

    /// How many lines have been walked: the layout's work so far, which tests bound.
    var linesWalked: Int { frontier.line }
    /// The item's lines and rows, once the walk reached its end.
    var lineCount: Int? { frontier.start == nil ? frontier.line : nil }
    var rowCount: Int? { frontier.start == nil ? frontier.row : nil }
    /// How far the walk is through the item's bytes, 0 to 100.
    var percentWalked: Int { Self.percent(of: frontier.start, in: text) }

    static func percent(of start: LineStart?, in text: String) -> Int {
        guard let start else { return 100 }
        return text.utf8.isEmpty ? 100 : min(99, start.offset * 100 / text.utf8.count)
    }

    /// Walks on until line `line` (or row `row`) is walked, or the item ends, or `budget` bytes
    /// are used up (each line takes its bytes, at least one). True when it got there or to the
    /// end.
    @discardableResult
    mutating func extend(throughLine line: Int = .max, throughRow row: Int = .max, budget: inout Int) -> Bool {
        let text = text
        return withBytes(of: text) { bytes in
            while let start = frontier.start, frontier.line <= line, frontier.row <= row {
                guard budget > 0 else { return false }
                if frontier.line % Self.block == 0 {
                    starts.append(start)
                    firstRows.append(frontier.row)
                }
                let (rows, next) = measure(bytes, start)
                budget -= max(1, (next?.offset ?? bytes.count) - start.offset)
                frontier = Frontier(line: frontier.line + 1, start: next, row: frontier.row + rows)
            }
            return true
        }
    }

    /// The start and the first row of `line`, when the walk has reached it.
    func locate(line: Int) -> (start: LineStart, row: Int)? {
        guard line >= 0, line <= frontier.line else { return nil }
        if line == frontier.line { return frontier.start.map { ($0, frontier.row) } }
        let mark = line / Self.block
        return withBytes(of: text) { bytes in
            var start = starts[mark]
            var row = firstRows[mark]
            for _ in mark * Self.block..<line {
                let (rows, next) = measure(bytes, start)
                guard let next else { return nil }
                start = next
                row += rows
            }
            return (start, row)
        }
    }

    /// The line holding `row`, where it starts, and which of its rows `row` is; nil past the
    /// rows walked.
    func locate(row: Int) -> (line: Int, start: LineStart, rowInLine: Int)? {
        guard row >= 0, row < frontier.row, !firstRows.isEmpty else {
            if row == frontier.row, let start = frontier.start { return (frontier.line, start, 0) }
            return nil
        }
        var low = 0
        var high = firstRows.count - 1
        while low < high {   // the last mark at or before `row`
            let middle = (low + high + 1) / 2
            if firstRows[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return withBytes(of: text) { bytes in
            var line = low * Self.block
            var start = starts[low]
            var first = firstRows[low]
            while true {
                let (rows, next) = measure(bytes, start)
                if row < first + rows { return (line, start, row - first) }
                guard let next else { return nil }
                line += 1
                start = next
                first += rows
            }
        }
    }

    /// The line at `start` as styled spans, and where the next one starts.
    func line(at start: LineStart) -> (spans: [Span], next: LineStart?) {
        guard isJSON else { return ([Span(text)], nil) }
        return withBytes(of: text) { bytes in
            var writer = LineWriter(keepsText: true)
            let next = PrettyLines.walk(bytes, from: start, into: &writer)
            return (writer.spans, next)
        }
    }

    /// The line at `start` as the text shown (sanitized), for a search; and where the next
    /// line starts. One string per line, no spans.
    func text(at start: LineStart) -> (text: String, next: LineStart?) {
        guard isJSON else { return (TerminalText.sanitize(text), nil) }
        return withBytes(of: text) { bytes in
            var writer = LineWriter(keepsText: true, textOnly: true)
            let next = PrettyLines.walk(bytes, from: start, into: &writer)
            return (writer.plain ? writer.text : TerminalText.sanitize(writer.text), next)
        }
    }

    /// How many rows the line at `start` takes, and where the next one starts. A plain line
    /// that fits is one row without making its text; any other is wrapped to be counted.
    private func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ start: LineStart) -> (rows: Int, next: LineStart?) {
        guard isJSON else { return (rowCount(of: [Span(text)]), nil) }
        var writer = LineWriter(keepsText: false)
        let next = PrettyLines.walk(bytes, from: start, into: &writer)
        guard wraps, width > 0, !writer.plain || writer.columns > width else { return (1, next) }
        return (rowCount(of: line(at: start).spans), next)
    }

    private func rowCount(of spans: [Span]) -> Int {
        guard wraps, width > 0 else { return 1 }
        return DetailLayout.wrap(spans, width: width).count
    }

    /// The value shown on the line at `start` (`LineValueLocator`): its path and its text as
    /// the item has it; nil when the item is not JSON.
    func value(onLineAt start: LineStart) -> (path: String, text: Substring)? {
        guard isJSON else { return nil }
        let text = text
        guard let found = withBytes(of: text, { LineValueLocator.value(in: $0, lineAt: start.offset) }) else { return nil }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: found.range.lowerBound)
        let upper = utf8.index(lower, offsetBy: found.range.count)
        return (found.path, text[lower..<upper])
    }

    private func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
