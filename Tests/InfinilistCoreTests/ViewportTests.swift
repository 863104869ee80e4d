import Testing
@testable import InfinilistCore

@Suite struct ViewportTests {
    @Test func startsAtTopAndClampsOnEmptyList() {
        var v = Viewport(height: 5)
        v.move(by: 3, itemCount: 0)
        #expect(v.cursor == 0 && v.top == 0)
        v.move(by: -3, itemCount: 0)
        #expect(v.cursor == 0 && v.top == 0)
    }

    @Test func scrollsOneRowAtATimeWhenCursorLeavesTheScreen() {
        var v = Viewport(height: 5)
        for _ in 0..<5 { v.move(by: 1, itemCount: 100) }
        #expect(v.cursor == 5)
        #expect(v.top == 1)
    }

    @Test func lastItemBringsTheFooterIntoView() {
        var v = Viewport(height: 5)
        v.move(to: 9, itemCount: 10)
        #expect(v.cursor == 9)
        #expect(v.top == 6) // rows 6...9 and the footer row 10
    }

    @Test func pageDownMovesAScreenAndStopsAtTheEnd() {
        var v = Viewport(height: 5)
        v.page(by: 1, itemCount: 12)
        #expect(v.cursor == 5 && v.top == 5)
        v.page(by: 1, itemCount: 12)
        #expect(v.cursor == 10)
        v.page(by: 1, itemCount: 12)
        #expect(v.cursor == 11)
        #expect(v.top == 8)
        v.page(by: -1, itemCount: 12)
        #expect(v.cursor == 6 && v.top == 3)
    }

    @Test func shrinkingKeepsTheCursorVisible() {
        var v = Viewport(height: 20)
        v.move(to: 15, itemCount: 100)
        v.resize(height: 4, itemCount: 100)
        #expect(v.top <= v.cursor && v.cursor < v.top + 4)
    }

    /// Random keys, sizes and item counts never break the invariants.
    @Test(arguments: [1, 2, 3, 42, 1_000_003] as [UInt64])
    func invariantsHoldOverRandomOperations(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var v = Viewport(height: 5)
        var count = 0
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: v.move(by: 1, itemCount: count)
            case 1: v.move(by: -1, itemCount: count)
            case 2: v.page(by: Bool.random(using: &rng) ? 1 : -1, itemCount: count)
            case 3: v.halfPage(by: Bool.random(using: &rng) ? 1 : -1, itemCount: count)
            case 4: v.move(to: Int.random(in: -5...count + 5, using: &rng), itemCount: count)
            case 5: v.resize(height: Int.random(in: -1...40, using: &rng), itemCount: count)
            case 6: count += Int.random(in: 0...30, using: &rng); v.clamp(itemCount: count)
            default: v.move(by: Int.random(in: -50...50, using: &rng), itemCount: count)
            }
            #expect(v.height >= 1)
            #expect(v.cursor >= 0 && v.cursor <= max(0, count - 1))
            #expect(v.top <= v.cursor && v.cursor < v.top + v.height)
            #expect(v.top >= 0 && v.top <= max(0, count + 1 - v.height))
            if count > 0, v.cursor == count - 1, v.height > 1 {
                #expect(count < v.top + v.height, "footer visible at the last item")
            }
        }
    }
}
