#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import InfinilistCore

/// The pages a pass went over (`StreamReader.pass`): where each started, and where the page
/// read after them starts.
struct StreamPass: Sendable, Equatable {
    let starts: [StreamPosition]
    let next: StreamPosition
    /// Items on each passed page: the source's page size.
    let rowsEach: Int
}

/// `G`, `NG` and `/` on a file of JSON lines (decision 145): rather than read every page's items on
/// the way (5.95 s to the end of 200 MB, where less takes no time), the file's line breaks are
/// counted, sixteen bytes to a compare, from the tail to the end (or to the wanted row, or to
/// the first line that may hold what a search looks for: `LineMatch`), and every
/// `pageSize`-th one marks where a page starts. Those pages are recorded as read and passed to
/// the core without their items; one is read by its start like any page dropped from memory
/// when it comes into view. Only the page after them is read.
///
/// That a line is an item is checked on the last page read at the tail: it must have held as
/// many values as line breaks. Blank lines hold no item; where that page held objects, a line
/// that does not look like one object stops the count there (`LineBreaks.objectLines`), and its
/// page is read. A line that reads as more or fewer rows than one (a stray byte after an object,
/// in a file the background count passed) makes its page longer or shorter than counted: the
/// core gives the page its rows when it is first read (`PageStore.settleCounted`).
extension StreamReader {
    /// Goes over the pages from `start` (the tail) towards `target` without reading their items
    /// (tail queue only), telling `waiting` how far it has read every `passSaidEvery` bytes. Nil
    /// when no page was passed: the input is no file of JSON lines, the target is on the next
    /// page anyway, or `isCancelled` became true (a count of 40 GB takes seconds: `q` must not
    /// wait for it).
    func pass(from start: StreamPosition, to target: PassTarget, pageSize: Int, isCancelled: () -> Bool = { false },
              waiting: (QuietReason) -> Void) throws(PageLoadError) -> StreamPass? {
        guard let (descriptor, lastPage) = passStart(at: start) else { return nil }
        var lastBreaks = LineBreaks(pageSize: pageSize, wanted: nil)
        try scan(descriptor, from: lastPage.start.offset, to: start.offset, into: &lastBreaks, isCancelled: isCancelled) { _ in }
        // Every item of a page follows a line break, but the first item of the input.
        guard lastBreaks.count == lastPage.items - (lastPage.start.offset == 0 ? 1 : 0) else { return nil }
        if let counted = passFromCount(from: start, to: target, pageSize: pageSize, descriptor: descriptor) { return counted }
        return try passing { () throws(PageLoadError) in
            try countingPass(from: start, to: target, pageSize: pageSize, descriptor: descriptor, lastPage: lastPage, isCancelled: isCancelled, waiting: waiting)
        }
    }

    /// The pass, counting the file's line breaks from the tail.
    private func countingPass(from start: StreamPosition, to target: PassTarget, pageSize: Int, descriptor: Int32,
                              lastPage: (start: StreamPosition, items: Int, allObjects: Bool), isCancelled: () -> Bool,
                              waiting: (QuietReason) -> Void) throws(PageLoadError) -> StreamPass? {
        var wantedPages: Int?
        var match: LineMatch?
        switch target {
        case .end: break
        case .item(let item): wantedPages = item / pageSize
        case .match(let query):
            guard let lines = LineMatch(query: query) else { return nil }
            match = lines
        }
        var breaks = LineBreaks(pageSize: pageSize, wanted: wantedPages, match: match, objectLines: lastPage.allObjects)
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        let doing = match == nil ? "counting lines" : "searching the file"
        let say = { (offset: Int) in waiting(.passing("\(doing): \(ByteCount.text(offset)) of \(ByteCount.text(max(size, offset))) read")) }
        if match == nil, size - start.offset >= Self.halvesFrom {
            try countInHalves(descriptor, from: start.offset, size: size, into: &breaks, isCancelled: isCancelled, said: say)
        } else {
            try scan(descriptor, from: start.offset, to: nil, into: &breaks, isCancelled: isCancelled, said: say)
        }
        if isCancelled() { return nil }
        // Items after the tail: one after each line break, unless the input ends with the break.
        let itemsLeft = breaks.count - (breaks.endsWithBreak ? 1 : 0)
        let lastFull = itemsLeft > 0 ? (itemsLeft - 1) / pageSize : 0
        let pages = if let stop = breaks.stop {
            // A line that may match, or that may not be one item: its page is read.
            min(stop / pageSize, wantedPages ?? Int.max)
        } else if breaks.isDone {
            wantedPages ?? lastFull
        } else {
            min(lastFull, breaks.marks.count)
        }
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

    /// Counts the line breaks from `offset` up to `end` (nil: the end of the file), or until
    /// `isCancelled`; `said` hears where the count is every `passSaidEvery` bytes.
    private func scan(_ descriptor: Int32, from offset: Int, to end: Int?, into breaks: inout LineBreaks,
                      isCancelled: () -> Bool, said: (Int) -> Void) throws(PageLoadError) {
        // A search reads a little around what it counts, and counts that again with the next read.
        let lookahead = breaks.match?.lookahead ?? 0
        let lookbehind = breaks.match == nil ? 0 : LineBreaks.lookbehind
        let first = offset
        var buffer = [UInt8](repeating: 0, count: lookbehind + Self.passChunk + lookahead)
        var offset = offset
        var sayAt = offset + Self.passSaidEvery
        while !breaks.isDone, !isCancelled() {
            let behind = min(lookbehind, offset - first)
            let left = end.map { $0 - offset } ?? Int.max
            let want = min(Self.passChunk + lookahead, left)
            guard want > 0 else { return }
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, behind + want, off_t(offset - behind)) } - behind
            if got < 0 {
                if errno == EINTR { continue }
                throw DescriptorInput.failure(rereadLabel, errno)
            }
            guard got > 0 else { return }
            // The whole read is counted at the end of the file (or of the range).
            let counted = got == want && want < left ? got - lookahead : got
            buffer.withUnsafeBufferPointer {
                breaks.scan(UnsafeBufferPointer(rebasing: $0[0..<(behind + got)]), at: offset - behind, from: behind, counted: behind + counted)
            }
            offset += counted
            if offset >= sayAt {
                said(offset)
                sayAt = offset + Self.passSaidEvery
            }
        }
    }

    /// `End` or `NG` on a big file (decision 151): the second half's blocks are counted on another
    /// core (`SecondHalfCount`) while this thread counts the first half as `scan` does (a stop or
    /// the wanted page there stops the other core's count, unused); then their
    /// counts are added block by block, the blocks where a page starts are read again here (the
    /// marks need the count before them), and from the first block the other core could not
    /// vouch for (a line out of shape, the end of the file) the count goes on as `scan`.
    private func countInHalves(_ descriptor: Int32, from offset: Int, size: Int, into breaks: inout LineBreaks,
                               isCancelled: () -> Bool, said: (Int) -> Void) throws(PageLoadError) {
        let middle = offset + (size - offset) / 2
        let second = SecondHalfCount(descriptor: descriptor, from: middle, to: size, objectLines: breaks.objectLines)
        let counting = DispatchGroup()
        DispatchQueue.global().async(group: counting) { second.run() }
        // The other core reads the descriptor until it is done or stopped, whatever happens here.
        defer {
            second.stop()
            counting.wait()
        }
        try scan(descriptor, from: offset, to: middle, into: &breaks, isCancelled: isCancelled) { read in said(read + second.read) }
        guard !breaks.isDone, !isCancelled() else { return }
        counting.wait()
        var next = middle
        for found in second.counts {
            if !breaks.add(block: Int(found)) {
                let bytes = try PositionalRead.read(descriptor, at: next - SecondHalfCount.before, count: SecondHalfCount.before + LineBreaks.block + SecondHalfCount.after, label: rereadLabel)
                let counted = SecondHalfCount.before + LineBreaks.block
                guard bytes.count > counted else { break }
                bytes.withUnsafeBufferPointer { breaks.scan($0, at: next - SecondHalfCount.before, from: SecondHalfCount.before, counted: counted) }
                if breaks.isDone { return }
            }
            next += LineBreaks.block
        }
        if let before = try PositionalRead.read(descriptor, at: next - 1, count: 1, label: rereadLabel).first {
            breaks.resume(after: before)
        }
        try scan(descriptor, from: next, to: nil, into: &breaks, isCancelled: isCancelled, said: said)
    }

    /// Where the value on the line that ends at the line break at `mark` ends: before any spaces,
    /// tabs and carriage return there, as the splitter ends a value. Nil past 64 of them.
    func valueEnd(before mark: Int, in descriptor: Int32) throws(PageLoadError) -> Int? {
        let from = max(0, mark - 64)
        let bytes = try PositionalRead.read(descriptor, at: from, count: mark - from, label: rereadLabel)
        guard let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        return from + last + 1
    }

    /// From how many bytes to count a pass (not a search's) on two cores: below, the thread
    /// costs more than it saves.
    static let halvesFrom = 16 << 20

    /// How much of the file one read of a pass takes.
    static let passChunk = 1 << 20
    /// How often a pass says how far it has read: some ten times a second.
    static let passSaidEvery = 64 << 20
}
