#if canImport(Glibc)
import Glibc
#endif

/// The rows of a whole file of JSON lines, counted in the background once its first page is in
/// (`Effect.countRows`, issue 37), so the status line says how many there are before they are
/// read: as a pass counts (decision 145), by line breaks, sixteen bytes to a compare (a gigabyte
/// in about a quarter of a second on one core), reading by position beside the reads of pages.
extension StreamReader {
    /// The first page's items, and one after each line break after it that ends a line with
    /// something on it. Nil: not a regular file of JSON lines of objects (`countStart`), the
    /// first page's lines are not its items, a line further on is not one object
    /// (`LineBreaks.objectLines`), a read failed, or `isCancelled`. `progress` hears the bytes counted and the file's size some
    /// sixteen times.
    func countItems(isCancelled: () -> Bool, progress: (Int, Int) -> Void) -> Int? {
        // Only lines of objects have a shape to check (`LineBreaks.objectLines`): a line of
        // spaces, or `1 2 3`, among numbers or strings would be counted as one item.
        guard let (descriptor, first) = countStart(), first.allObjects else { return nil }
        if first.atEnd { return first.items }
        // Every item of the first page but its first follows a line break, as a pass checks.
        var firstBreaks = LineBreaks(pageSize: Int.max, wanted: nil)
        guard count(descriptor, from: first.start.offset, to: first.next.offset, into: &firstBreaks, isCancelled: isCancelled, progress: { _, _ in }),
              firstBreaks.count == first.items - 1 else { return nil }
        var breaks = LineBreaks(pageSize: Int.max, wanted: nil, objectLines: first.allObjects)
        guard count(descriptor, from: first.next.offset, to: nil, into: &breaks, isCancelled: isCancelled, progress: progress),
              breaks.stop == nil else { return nil }
        // An item after each break, unless the file ends with it.
        return first.items + breaks.count - (breaks.endsWithBreak ? 1 : 0)
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
