@testable import InfinilistCore

/// Every line and row of a detail view, for tests of small items: the view itself lays out only
/// the lines on screen (`DetailIndex`).
extension DetailView {
    var allLines: [[Span]] {
        var lines: [[Span]] = []
        var start = index.locate(line: 0)?.start
        while let at = start {
            let (spans, next) = index.line(at: at)
            lines.append(spans)
            start = next
        }
        return lines
    }

    func allRows(width: Int) -> [[Span]] {
        var view = self
        view.top = 0
        return view.screenRows(width: width, height: 100_000)
    }
}
