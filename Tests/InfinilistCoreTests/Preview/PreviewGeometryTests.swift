import Testing
@testable import InfinilistCore

/// Where the pane goes for a screen size: the wanted position, else the other one, else hidden.
@Suite struct PreviewGeometryTests {
    private func geometry(_ columns: Int, _ rows: Int, _ position: PreviewPosition = .right, percent: Int = 50,
                          isOpen: Bool = true) -> PreviewGeometry {
        PreviewGeometry.make(PreviewSettings(position: position, percent: percent), isOpen: isOpen,
                             size: Size(rows: rows, columns: columns))
    }

    @Test func closedLeavesTheScreenToTheList() {
        #expect(geometry(100, 30, isOpen: false) == .closed)
    }

    @Test func rightTakesItsShareOfTheColumns() {
        #expect(geometry(100, 30) == .right(listWidth: 50))
        #expect(geometry(100, 30, percent: 30) == .right(listWidth: 70))
        // 45% of 81 is 36.45: rounded to 36.
        #expect(geometry(81, 30, percent: 45) == .right(listWidth: 45))
    }

    @Test func bottomTakesItsShareOfTheRowsAboveTheStatusLine() {
        #expect(geometry(100, 31, .bottom) == .bottom(listHeight: 15))
        #expect(geometry(100, 31, .bottom, percent: 20) == .bottom(listHeight: 24))
    }

    @Test func aSmallShareStillGetsTheSmallestPane() {
        // 10% of 60 columns is 6: raised to 20, the list keeps 40.
        #expect(geometry(60, 30, percent: 10) == .right(listWidth: 40))
        // 10% of 11 rows is 1: raised to 3.
        #expect(geometry(60, 12, .bottom, percent: 10) == .bottom(listHeight: 8))
    }

    /// A list that would get fewer than 40 columns beside the pane gets it under it instead.
    @Test func aNarrowScreenPutsThePaneAtTheBottom() {
        #expect(geometry(79, 30) == .bottom(listHeight: 14))
        #expect(geometry(80, 30) == .right(listWidth: 40))
        #expect(geometry(100, 30, percent: 70) == .bottom(listHeight: 9))
    }

    /// A short, wide screen has the pane beside the list even when it was wanted under it.
    @Test func aShortScreenPutsThePaneBesideTheList() {
        #expect(geometry(100, 6, .bottom) == .right(listWidth: 50))
        #expect(geometry(100, 8, .bottom) == .bottom(listHeight: 3))
    }

    @Test func aScreenTooSmallForEitherHidesThePane() {
        #expect(geometry(30, 6) == .hidden)
        #expect(geometry(60, 6) == .hidden)
        #expect(geometry(19, 40, .bottom) == .hidden)
        #expect(geometry(100, 3) == .hidden)
    }
}
