import Testing
@testable import InfinilistCore

/// `RowShift`: the rows a screen may move in its own buffer instead of writing them again. The
/// property that matters: moving the old rows as it says, then writing the rows it leaves
/// unknown, gives exactly the new frame.
@Suite struct RowShiftTests {
    private func rows(_ texts: [String]) -> [FrameRow] { texts.map { FrameRow([Span($0)]) } }

    /// What the terminal ends up showing when a screen paints `new` over `old` as CursesScreen
    /// does: the window's lines scrolled in the region as curses' `wscrl` scrolls them (lines
    /// moving out of the region are gone, uncovered lines blank), then every row whose known
    /// content differs from the new row written. Also how many rows were written.
    private func painted(_ old: [FrameRow], _ new: [FrameRow]) -> (rows: [FrameRow], written: Int) {
        var window = old
        let shift = RowShift.find(from: old, to: new)
        if let shift {
            let region = shift.region
            for y in region {
                let source = y + shift.by
                window[y] = region.contains(source) ? old[source] : FrameRow([Span("(blank)")])
            }
        }
        let known = shift?.applied(to: old) ?? old.map { $0 }
        var written = 0
        for y in new.indices where known[y] != new[y] {
            window[y] = new[y]
            written += 1
        }
        return (window, written)
    }

    /// The most rows any one distance moves, by trying every distance (the last row excluded).
    private func longestMove(_ old: [FrameRow], _ new: [FrameRow]) -> Int {
        let count = min(old.count, new.count) - 1
        var longest = 0
        for by in -(count - 1)..<count where by != 0 {
            var run = 0
            for y in 0..<count {
                let source = y + by
                run = source >= 0 && source < count && new[y] == old[source] ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return longest
    }

    @Test func aScrollByOneRowMovesTheListUp() {
        let old = rows(["header", "  a", "  b", "  c", "  d", "> e", "status 5"])
        let new = rows(["header", "  b", "  c", "  d", "  e", "> f", "status 6"])
        let shift = RowShift.find(from: old, to: new)
        #expect(shift == RowShift(top: 1, bottom: 4, by: 1))
        #expect(shift?.region == 1...4)
        // Rows 1 to 3 come from the move; row 4 ("  e" without the pointer) is written, as are
        // the new bottom row and the status line.
        #expect(painted(old, new).written == 3)
    }

    /// Rows as the list draws them: a gutter span, then the body (one string shared by frames).
    private func listRows(_ gutters: [String], _ bodies: [String]) -> [FrameRow] {
        zip(gutters, bodies).map { FrameRow([Span($0), Span($1)]) }
    }

    @Test func widenedTakesInTheRowsWhoseGutterAloneChanged() {
        let bodies = ["a", "b", "c", "d", "e", "f"]
        let old = listRows(["  ", "  ", "  ", "  ", "> ", "  "], Array(bodies[0...4]) + ["status 5"])
        let new = listRows(["  ", "  ", "  ", "  ", "> ", "  "], Array(bodies[1...5]) + ["status 6"])
        let shift = RowShift.find(from: old, to: new)
        #expect(shift == RowShift(top: 0, bottom: 3, by: 1))
        // "e" lost its pointer but is the same body one row up: moved too, only its gutter differs.
        let widened = shift?.widened(from: old, to: new)
        #expect(widened == RowShift(top: 0, bottom: 4, by: 1))
        #expect(widened?.region == 0...4)
        let known = widened.map { $0.applied(to: old) } ?? []
        #expect(known[3]?.spans.last == new[3].spans.last)
        #expect(known[3] != new[3])
        #expect(known[4] == nil)
        // Never over the status line, however alike.
        let alike = listRows(["  ", "  ", "  ", "  ", "  "], ["a", "b", "c", "d", "same"])
        let after = listRows(["  ", "  ", "  ", "  ", "  "], ["b", "c", "d", "x", "same"])
        #expect(RowShift(top: 0, bottom: 3, by: 1).widened(from: alike, to: after) == RowShift(top: 0, bottom: 3, by: 1))
    }

    @Test func aScrollUpMovesTheListDown() {
        let old = rows(["header", "> b", "  c", "  d", "  e", "status"])
        let new = rows(["header", "> a", "  b", "  c", "  d", "status"])
        let shift = RowShift.find(from: old, to: new)
        #expect(shift == RowShift(top: 3, bottom: 5, by: -1) || shift == nil)
    }

    @Test func aLongerScrollMovesFartherAndNeverTouchesTheLastRow() {
        let old = rows((0..<12).map { "row \($0)" } + ["status"])
        let new = rows((3..<15).map { "row \($0)" } + ["status 2"])
        let shift = RowShift.find(from: old, to: new)
        #expect(shift == RowShift(top: 0, bottom: 9, by: 3))
        #expect(shift.map { $0.region.upperBound < new.count - 1 } == true)
        let applied = shift?.applied(to: old) ?? []
        #expect(applied[0] == new[0] && applied[8] == new[8])
        #expect(applied[9] == nil && applied[11] == nil)
        #expect(applied[12] == old[12])
    }

    @Test func nothingMovesWhenRowsOnlyChangeInPlace() {
        let old = rows(["header", "> a", "  b", "  c", "  d", "status"])
        let new = rows(["header", "  a", "> b", "  c", "  d", "status"])
        #expect(RowShift.find(from: old, to: new) == nil)
    }

    @Test func aPageDownSharesNoRowsAndMovesNothing() {
        let old = rows((0..<10).map { "row \($0)" } + ["status"])
        let new = rows((10..<20).map { "row \($0)" } + ["status"])
        #expect(RowShift.find(from: old, to: new) == nil)
    }

    @Test func movedAndWrittenRowsAlwaysMakeTheNewFrame() {
        // Every pair of windows over one list, any distance either way, with a changed gutter.
        let list = (0..<30).map { "item \($0)" }
        for from in 0..<12 {
            for to in 0..<12 {
                var old = rows(Array(list[from..<(from + 10)]) + ["status \(from)"])
                var new = rows(Array(list[to..<(to + 10)]) + ["status \(to)"])
                old[4] = FrameRow([Span(">"), Span(old[4].text)])
                new[6] = FrameRow([Span(">"), Span(new[6].text)])
                let result = painted(old, new)
                #expect(result.rows == new)
                // Whenever some distance moves three rows or more, a move is found.
                if longestMove(old, new) >= RowShift.minimumRows {
                    #expect(result.written <= new.count - RowShift.minimumRows, "\(from) -> \(to)")
                }
            }
        }
    }

    /// A scroll by one row of rows kept between frames (the same storage): found without
    /// comparing text, up or down; rows equal but built anew, or a move of two rows, are left
    /// to `find`.
    @Test func aScrollOfKeptRowsIsFoundByStorage() {
        let kept = (0..<40).map { FrameRow([Span("  "), Span("item \($0)")]) }
        let status = FrameRow([Span("status")], fill: .status)
        let old = Array(kept[0..<20]) + [status]
        let down = Array(kept[1..<21]) + [status]
        #expect(RowShift.sharedMove(from: old, to: down) == RowShift(top: 0, bottom: 19, by: 1))
        let up = Array(kept[0..<1]) + Array(kept[0..<19]) + [status]
        #expect(RowShift.sharedMove(from: old, to: up) == RowShift(top: 1, bottom: 20, by: -1))
        let builtAgain = down.map { FrameRow($0.spans.map { Span(String(decoding: Array($0.text.utf8), as: UTF8.self), $0.style) }, fill: $0.fill) }
        #expect(builtAgain == down)
        #expect(RowShift.sharedMove(from: old, to: builtAgain) == nil)
        #expect(RowShift.find(from: old, to: builtAgain) == RowShift(top: 0, bottom: 19, by: 1))
        let twoRows = Array(kept[2..<22]) + [status]
        #expect(RowShift.sharedMove(from: old, to: twoRows) == nil)
        #expect(RowShift.sharedMove(from: old, to: old) == nil, "nothing moved")
    }

    /// On a screen of a few rows, a move by storage is a move of at least `minimumRows` rows
    /// that share it, or none: a frame compared with itself, or with rows that share nothing,
    /// moves nothing (a review found an empty move declared on five rows, which left the
    /// pointer's old cell on the screen).
    @Test func aShortScreenMovesNothingByStorageUnlessEnoughRowsShareIt() {
        let kept = (0..<12).map { FrameRow([Span("  "), Span("item \($0)")]) }
        let status = FrameRow([Span("status")], fill: .status)
        for rows in 1...10 {
            let old = Array(kept[0..<(rows - 1)]) + [status]
            #expect(RowShift.sharedMove(from: old, to: old) == nil, "\(rows) rows, nothing moved")
            let fresh = (0..<(rows - 1)).map { FrameRow([Span("  "), Span("other \($0)")]) } + [status]
            #expect(RowShift.sharedMove(from: old, to: fresh) == nil, "\(rows) rows, nothing shared")
            let down = Array(kept[1..<rows]) + [status]
            if let move = RowShift.sharedMove(from: old, to: down) {
                #expect(move.bottom - move.top >= RowShift.minimumRows, "\(rows) rows: \(move)")
                for y in move.top..<move.bottom { #expect(down[y] == old[y + move.by]) }
            }
        }
    }
}
