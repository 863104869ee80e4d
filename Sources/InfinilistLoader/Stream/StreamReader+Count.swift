#if canImport(Glibc)
import Glibc
#endif
import InfinilistCore

/// The rows of a whole file of JSON lines, counted in the background once its first page is in
/// (`Effect.countRows`, issue 37), so the status line says how many there are before they are
/// read: as a pass counts (decision 145), by line breaks, sixteen bytes to a compare (a gigabyte
/// in about a quarter of a second on one core), reading by position beside the reads of pages.
/// Where each page of `pageSize` items after the first starts is kept (`CountedPages`), for
/// the passes of `End`, `NG` and `N%` after it.
extension StreamReader {
    /// The first page's items, and one after each line break after it that ends a line with
    /// something on it. Nil: not a regular file of JSON lines of objects (`countStart`), the
    /// first page's lines are not its items, a line further on is not one object
    /// (`LineBreaks.objectLines`), a read failed, or `isCancelled`. `progress` hears the bytes counted and the file's size some
    /// sixteen times.
    func countItems(pageSize: Int, isCancelled: () -> Bool, progress: (Int, Int) -> Void) -> Int? {
        // Only lines of objects have a shape to check (`LineBreaks.objectLines`): a line of
        // spaces, or `1 2 3`, among numbers or strings would be counted as one item.
        guard let (descriptor, first) = countStart(), first.allObjects else { return nil }
        if first.atEnd { return first.items }
        // Every item of the first page but its first follows a line break, as a pass checks.
        var firstBreaks = LineBreaks(pageSize: Int.max, wanted: nil)
        guard count(descriptor, from: first.start.offset, to: first.next.offset, into: &firstBreaks, isCancelled: isCancelled, progress: { _, _ in }),
              firstBreaks.count == first.items - 1 else { return nil }
        let version = FileVersion(descriptor)
        var breaks = LineBreaks(pageSize: pageSize, wanted: nil, objectLines: first.allObjects)
        guard count(descriptor, from: first.next.offset, to: nil, into: &breaks, isCancelled: isCancelled, progress: progress),
              breaks.stop == nil else { return nil }
        if let version, version == FileVersion(descriptor) {
            keepPages(breaks, from: first.next.offset, pageSize: pageSize, file: version, in: descriptor, isCancelled: isCancelled)
        }
        // An item after each break, unless the file ends with it.
        return first.items + breaks.count - (breaks.endsWithBreak ? 1 : 0)
    }

    /// Keeps where the counted pages start (each after the value that ends the line of a page's
    /// last break), unless a read fails or the count is cancelled.
    private func keepPages(_ breaks: LineBreaks, from start: Int, pageSize: Int, file: FileVersion, in descriptor: Int32, isCancelled: () -> Bool) {
        var starts = [start]
        starts.reserveCapacity(breaks.marks.count + 1)
        for mark in breaks.marks {
            guard !isCancelled(), let end = try? valueEnd(before: mark, in: descriptor) else { return }
            starts.append(end)
        }
        let counted = CountedPages(pageSize: pageSize, starts: starts, breaks: breaks.count, endsWithBreak: breaks.endsWithBreak, file: file)
        countedPages = counted
    }

    /// The pass to `target` from the page at `start`, from what the count kept (nil: no count
    /// kept for this page size, the file changed since, or a search).
    func passFromCount(from start: StreamPosition, to target: PassTarget, pageSize: Int, descriptor: Int32) -> StreamPass? {
        guard let counted = countedPages, counted.pageSize == pageSize, counted.file == FileVersion(descriptor),
              let (passed, next) = counted.pass(from: start.offset, to: target) else { return nil }
        let starts = passed.map { StreamPosition(offset: $0) }
        let nextStart = StreamPosition(offset: next)
        self.passed(starts, next: nextStart)
        return StreamPass(starts: starts, next: nextStart, rowsEach: pageSize)
    }

    /// Counts the line breaks from `offset` to `end` (nil: the end of the file). False when a
    /// read failed or the count was cancelled.
    private func count(_ descriptor: Int32, from offset: Int, to end: Int?, into breaks: inout LineBreaks,
                       isCancelled: () -> Bool, progress: (Int, Int) -> Void) -> Bool {
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        var buffer = [UInt8](repeating: 0, count: Self.passChunk)
        var offset = offset
        // Some sixteen times in all, at most every MiB: the status line's percentage moves.
        let sayEvery = max(1 << 20, size / 16)
        var sayAt = offset + sayEvery
        while !breaks.isDone {
            // A pass (`End`, `NG`) counts on both cores meanwhile: a millisecond at a time until
            // it is done, the count goes on after it.
            while isPassing, !isCancelled() { usleep(1_000) }
            if isCancelled() { return false }
            let want = min(buffer.count, end.map { $0 - offset } ?? Int.max)
            guard want > 0 else { return true }
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, want, off_t(offset)) }
            if got < 0 {
                if errno == EINTR { continue }
                return false
            }
            guard got > 0 else { return true }
            buffer.withUnsafeBufferPointer { breaks.scan(UnsafeBufferPointer(rebasing: $0[0..<got]), at: offset) }
            offset += got
            if offset >= sayAt {
                progress(offset, max(size, offset))
                sayAt = offset + sayEvery
            }
        }
        return true
    }
}
