#if canImport(Glibc)
import Glibc
#endif
import InfinilistCore

/// The pages a pass went over (`StreamReader.pass`): where each started, and where the page
/// read after them starts.
struct StreamPass: Sendable, Equatable {
    let starts: [StreamPosition]
    let next: StreamPosition
    /// Items on each passed page: the source's page size.
    let rowsEach: Int
}

/// `G` and `NG` on a file of JSON lines (decision 145): rather than read every page's items on
/// the way (5.95 s to the end of 200 MB, where less takes no time), the file's line breaks are
/// counted, sixteen bytes to a compare, from the tail to the end (or to the wanted row), and every
/// `pageSize`-th one marks where a page starts. Those pages are recorded as read and passed to
/// the core without their items; one is read by its start like any page dropped from memory
/// when it comes into view. Only the page after them is read.
///
/// That a line is an item is checked on the last page read at the tail: it must have held as
/// many values as line breaks. A file that changes shape further on (blank lines, pretty-printed
/// values) then gives pages that come back shorter or longer than counted: their rows show as
/// missing or are cut, nothing else goes wrong.
extension StreamReader {
    /// Goes over the pages from `start` (the tail) towards `target` without reading their items
    /// (tail queue only). Nil when no page was passed: the input is no file of JSON lines, or the
    /// target is on the next page anyway.
    func pass(from start: StreamPosition, to target: PassTarget, pageSize: Int) throws(PageLoadError) -> StreamPass? {
        guard let (descriptor, lastPage) = passStart(at: start) else { return nil }
        var lastBreaks = LineBreaks(pageSize: pageSize, wanted: nil)
        try scan(descriptor, from: lastPage.start.offset, to: start.offset, into: &lastBreaks)
        // Every item of a page follows a line break, but the first item of the input.
        guard lastBreaks.count == lastPage.items - (lastPage.start.offset == 0 ? 1 : 0) else { return nil }
        let wantedPages: Int? = switch target {
        case .end: nil
        case .item(let item): item / pageSize
        }
        var breaks = LineBreaks(pageSize: pageSize, wanted: wantedPages)
        try scan(descriptor, from: start.offset, to: nil, into: &breaks)
        // Items after the tail: one after each line break, unless the input ends with the break.
        let itemsLeft = breaks.count - (breaks.endsWithBreak ? 1 : 0)
        let lastFull = itemsLeft > 0 ? (itemsLeft - 1) / pageSize : 0
        let pages = breaks.isDone ? (wantedPages ?? lastFull) : min(lastFull, breaks.marks.count)
        guard pages > 0 else { return nil }
        var starts = [start]
        for mark in breaks.marks.prefix(pages) {
            guard let end = try valueEnd(before: mark, in: descriptor) else { return nil }
            starts.append(StreamPosition(offset: end))
        }
        let next = starts.removeLast()
        passed(starts, next: next)
        return StreamPass(starts: starts, next: next, rowsEach: pageSize)
    }

    /// Counts the line breaks from `offset` up to `end` (nil: the end of the file).
    private func scan(_ descriptor: Int32, from offset: Int, to end: Int?, into breaks: inout LineBreaks) throws(PageLoadError) {
        var buffer = [UInt8](repeating: 0, count: Self.passChunk)
        var offset = offset
        while !breaks.isDone {
            let want = min(Self.passChunk, end.map { $0 - offset } ?? Self.passChunk)
            guard want > 0 else { return }
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, want, off_t(offset)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw DescriptorInput.failure(rereadLabel, errno)
            }
            guard got > 0 else { return }
            buffer.withUnsafeBufferPointer { breaks.scan(UnsafeBufferPointer(rebasing: $0[0..<got]), at: offset) }
            offset += got
        }
    }

    /// Where the value on the line that ends at the line break at `mark` ends: before any spaces,
    /// tabs and carriage return there, as the splitter ends a value. Nil past 64 of them.
    private func valueEnd(before mark: Int, in descriptor: Int32) throws(PageLoadError) -> Int? {
        let from = max(0, mark - 64)
        let bytes = try PositionalRead.read(descriptor, at: from, count: mark - from, label: rereadLabel)
        guard let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        return from + last + 1
    }

    /// How much of the file one read of a pass takes.
    static let passChunk = 1 << 20
}

/// Line breaks counted over bytes given chunk by chunk, with where every `pageSize`-th one is.
struct LineBreaks {
    let pageSize: Int
    /// Stop once this many marks are found; nil: count to the end.
    let wanted: Int?
    /// Line breaks counted so far.
    private(set) var count = 0
    /// Where the breaks number `pageSize`, 2 × `pageSize`, … (from 0) are: each ends the last line
    /// of a page.
    private(set) var marks: [Int] = []
    /// Whether the last byte counted was a line break.
    private(set) var endsWithBreak = false

    init(pageSize: Int, wanted: Int?) {
        self.pageSize = max(1, pageSize)
        self.wanted = wanted
    }

    var isDone: Bool { wanted.map { marks.count >= $0 } ?? false }

    /// Counts the breaks of `bytes`, which start at `offset` of the input: a block at a time,
    /// sixteen bytes to a compare (a gigabyte in the time it takes to read it from the page
    /// cache, where eight bytes to a word took three times as long), and a block that holds a
    /// break to mark again byte by byte.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        var index = 0
        while index < bytes.count, !isDone {
            let end = min(bytes.count, index + Self.block)
            let found = end - index == Self.block ? Self.breaksInBlock(base + index) : Self.breaks(base, index..<end)
            if count + found > (marks.count + 1) * pageSize {
                mark(base, index..<end, at: offset)
            } else {
                count += found
            }
            index = end
        }
        endsWithBreak = base[bytes.count - 1] == 0x0A
    }

    /// Bytes counted at once: 64 compares of sixteen bytes, at most 64 in a lane.
    static let block = 1_024

    private static func breaksInBlock(_ start: UnsafePointer<UInt8>) -> Int {
        let lineBreak = SIMD16<UInt8>(repeating: 0x0A)
        var lanes = SIMD16<UInt8>.zero
        for at in stride(from: 0, to: block, by: 16) {
            let bytes = UnsafeRawPointer(start + at).loadUnaligned(as: SIMD16<UInt8>.self)
            // A lane that matches is all ones: -1, so subtracting it adds one.
            lanes &-= unsafeBitCast(bytes .== lineBreak, to: SIMD16<UInt8>.self)
        }
        return Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }

    private static func breaks(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        var found = 0
        for at in range where base[at] == 0x0A { found += 1 }
        return found
    }

    /// Counts the breaks of `range` one by one, marking every `pageSize`-th.
    private mutating func mark(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, at offset: Int) {
        var next = (marks.count + 1) * pageSize
        for at in range where base[at] == 0x0A {
            if count == next {
                marks.append(offset + at)
                next += pageSize
                if isDone { return }
            }
            count += 1
        }
    }
}
