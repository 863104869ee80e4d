#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The second half of a file's line count for `End` and `NG` (decision 151), done on another core while
/// the pass counts the first half: the line breaks of each 1,024-byte block from `start`
/// (`LineBreaks.blockCounts`), which need no count before them. The pass then adds them to its
/// own count block by block, reading again only the blocks where a page starts (one in a
/// hundred) and going on from the first block this count could not vouch for.
final class SecondHalfCount: Sendable {
    let start: Int
    private let descriptor: Int32
    private let end: Int
    private let objectLines: Bool
    /// The blocks' counts so far, the bytes read (for the progress line), and whether the count
    /// is no longer needed (the first half stopped it, or ended in an error).
    private let state = Mutex<(counts: [UInt16], read: Int, stopped: Bool)>(([], 0, false))

    init(descriptor: Int32, from start: Int, to end: Int, objectLines: Bool) {
        self.descriptor = descriptor
        self.start = start
        self.end = end
        self.objectLines = objectLines
    }

    /// Counts until the end, the first block out of shape, or a failed read (the pass reads
    /// from there itself, and meets the failure again if it lasts).
    func run() {
        let blocksPerRead = StreamReader.passChunk / LineBreaks.block
        var buffer = [UInt8](repeating: 0, count: Self.before + StreamReader.passChunk + Self.after)
        var next = start
        while next < end, !state.withLock({ $0.stopped }) {
            let want = min(buffer.count, end - (next - Self.before))
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, want, off_t(next - Self.before)) }
            if got < 0, errno == EINTR { continue }
            guard got > Self.before + Self.after else { return }
            let (counts, complete) = buffer.withUnsafeBufferPointer {
                LineBreaks.blockCounts(UnsafeBufferPointer(rebasing: $0[0..<got]), from: Self.before, objectLines: objectLines)
            }
            state.withLock {
                $0.counts += counts
                $0.read += counts.count * LineBreaks.block
            }
            guard complete, counts.count == blocksPerRead else { return }
            next += StreamReader.passChunk
        }
    }

    /// Stops the count at its next read.
    func stop() { state.withLock { $0.stopped = true } }

    /// The counts of the blocks from `start`, one after another.
    var counts: [UInt16] { state.withLock { $0.counts } }
    /// Bytes counted so far.
    var read: Int { state.withLock { $0.read } }

    /// A block is counted with bytes before and after it (`LineBreaks.quickCount`).
    static let before = LineBreaks.quickBefore
    static let after = LineBreaks.quickAfter
}
