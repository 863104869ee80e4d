@testable import InfinilistLoader
import Testing

/// Where stream pages ended, kept as the starts only: every page read at the tail is found again
/// with its own end, and no other place is taken for a page's start.
@Suite struct PageEndsTests {
    @Test func everyRecordedPageEndsWhereTheNextStarts() {
        var ends = PageEnds()
        let starts = (0..<1000).map { StreamPosition(offset: $0 * 37) }
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : StreamPosition(offset: 37_000)
            ends.record(start: start, end: end, atEnd: index == starts.count - 1)
        }
        for (index, start) in starts.enumerated() {
            let found = ends.end(ofPageAt: start)
            #expect(found?.end == (index + 1 < starts.count ? starts[index + 1] : StreamPosition(offset: 37_000)))
            #expect(found?.atEnd == (index == starts.count - 1))
        }
        #expect(ends.end(ofPageAt: StreamPosition(offset: 38)) == nil)
        #expect(ends.end(ofPageAt: StreamPosition(offset: 37_000)) == nil)
    }

    @Test func pagesOfOneObjectDifferByTheItemsTaken() {
        var ends = PageEnds()
        ends.record(start: StreamPosition(offset: 5), end: StreamPosition(offset: 5, skip: 50), atEnd: false)
        ends.record(start: StreamPosition(offset: 5, skip: 50), end: StreamPosition(offset: 5, skip: 100), atEnd: false)
        ends.record(start: StreamPosition(offset: 5, skip: 100), end: StreamPosition(offset: 900), atEnd: true)
        #expect(ends.end(ofPageAt: StreamPosition(offset: 5, skip: 50))?.end == StreamPosition(offset: 5, skip: 100))
        #expect(ends.end(ofPageAt: StreamPosition(offset: 5, skip: 100))?.atEnd == true)
        #expect(ends.end(ofPageAt: StreamPosition(offset: 5, skip: 75)) == nil)
    }

    @Test func anEmptyLastPageReadTwiceIsOneRecord() {
        var ends = PageEnds()
        ends.record(start: .start, end: StreamPosition(offset: 10), atEnd: false)
        ends.record(start: StreamPosition(offset: 10), end: StreamPosition(offset: 10), atEnd: false)
        ends.record(start: StreamPosition(offset: 10), end: StreamPosition(offset: 10), atEnd: true)
        #expect(ends.end(ofPageAt: .start)?.end == StreamPosition(offset: 10))
        #expect(ends.end(ofPageAt: StreamPosition(offset: 10))?.atEnd == true)
    }
}
