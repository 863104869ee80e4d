#if canImport(Glibc)
import Glibc
#endif
import InfinilistCore

/// What the background count of a file's rows found besides their number (decision 158): where
/// each page after the first starts. `End`, `NG` and `N%` after the count pass over the pages by
/// looking them up instead of counting the file's line breaks again (0.14 s for a gigabyte).
struct CountedPages: Sendable {
    let pageSize: Int
    /// The start of the page after the first, then of each page after it, in order.
    let starts: [Int]
    /// Line breaks from `starts[0]` to the end of the file (as `LineBreaks.count` counts them),
    /// and whether the file ends with one.
    let breaks: Int
    let endsWithBreak: Bool
    /// The file as it was counted; one changed since (grown, rewritten) is counted again.
    let file: FileVersion

    /// The pages a pass from the page starting at `offset` goes over towards `target`, and where
    /// the page read after them starts, as `StreamReader.pass` would find them by counting: nil
    /// when `offset` starts no page the count found, for a search (which must look at the
    /// lines), and when no page would be passed.
    func pass(from offset: Int, to target: PassTarget) -> (passed: ArraySlice<Int>, next: Int)? {
        let wanted: Int?
        switch target {
        case .end: wanted = nil
        case .item(let item): wanted = item / pageSize
        case .match: return nil
        }
        guard let index = index(of: offset) else { return nil }
        // Each page before the tail's holds `pageSize` items, one after each break.
        let itemsLeft = breaks - index * pageSize - (endsWithBreak ? 1 : 0)
        let lastFull = itemsLeft > 0 ? (itemsLeft - 1) / pageSize : 0
        let startsLeft = starts.count - 1 - index
        let pages = if let wanted, startsLeft >= wanted { wanted } else { min(lastFull, startsLeft) }
        guard pages > 0 else { return nil }
        return (starts[index..<(index + pages)], starts[index + pages])
    }

    /// Where `offset` is among the starts.
    private func index(of offset: Int) -> Int? {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < starts.count && starts[low] == offset ? low : nil
    }
}

/// A regular file's size and time of change, to tell whether it is the file that was counted.
struct FileVersion: Sendable, Equatable {
    let size: Int
    let seconds: Int
    let nanoseconds: Int

    init?(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}
