#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A copy of what was read from a pipe (or inflated from a `.gz` file), so pages dropped from
/// memory can be read again by byte offset: the input itself cannot be read twice.
///
/// The file is made with `mkstemp` (mode 0600, close-on-exec) in `$TMPDIR` (else /tmp) and unlinked at once, so
/// no other user can read it and it disappears however infinilist ends (q, a signal, a crash):
/// only the open descriptor keeps it. It grows to at most `limit` bytes.
///
/// A value too long to keep (longer than `--max-page-bytes`, a 1 GB line) is left out: a page
/// read again shows only the row saying it was skipped, so its bytes are never needed, and
/// keeping them filled the spool and stopped the list at the next page. Each left-out value is a
/// `Gap`; offsets asked for are the input's, mapped past the gaps before them.
final class Spool {
    let limit: Int
    private let descriptor: Int32
    /// Bytes in the file (tail queue only, as everything but `read`).
    private(set) var size = 0
    /// Bytes of input seen, kept or left out.
    private var inputEnd = 0
    /// Where the value being left out starts, until its end comes.
    private var leavingOutFrom: Int?
    /// The failure that filled the spool: every later append fails with it, so retrying does not
    /// read on with a hole in what is kept.
    private var full: PageLoadError?
    /// The values left out, in input order (read by re-reads on any thread).
    private let gaps = Mutex<[Gap]>([])

    struct Gap {
        /// The `.tooLong` piece that stands for the value, as it was read.
        let piece: SplitPiece
        /// Input bytes left out up to this gap's end, this one included.
        let leftOutThrough: Int
    }

    /// What `read` found at an offset.
    enum Spooled: Equatable {
        case bytes([UInt8])
        /// A value left out starts here: its piece, then reading goes on at its end.
        case leftOut(SplitPiece)
    }

    init(limit: Int, directory: String?) throws(PageLoadError) {
        self.limit = limit
        let folder = (directory?.isEmpty == false ? directory : nil) ?? "/tmp"
        var template = Array((folder + "/infinilist-spool-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard made >= 0 else {
            throw PageLoadError(.connection, "could not create the spool file in \(folder) (for re-reading dropped pages): \(String(cString: strerror(errno))); set TMPDIR to a writable folder")
        }
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        // Close-on-exec (mkostemp is a GNU extension Swift's Glibc does not show): a program
        // started later must not keep the spool, and its disk space, after infinilist is gone.
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Appends `bytes`, the next bytes of the input; throws, keeping nothing of them, when the
    /// spool would pass its limit. While a value is being left out they only count.
    func append(_ bytes: [UInt8]) throws(PageLoadError) {
        if leavingOutFrom == nil { try write(bytes[...]) }
        inputEnd += bytes.count
    }

    /// Starts leaving out the value that starts at input offset `start` (already appended, at most
    /// a chunk past the limit of it): what was kept of it goes, and what comes is only counted.
    func leaveOut(from start: Int) {
        guard leavingOutFrom == nil else { return }
        let leftOut = gaps.withLock { $0.last?.leftOutThrough ?? 0 }
        size = max(0, min(size, start - leftOut))
        _ = ftruncate(descriptor, off_t(size))
        leavingOutFrom = start
    }

    /// The value left out ended: `piece` stands for it, and `rest` (the input after it, already
    /// appended) is kept.
    func leftOut(_ piece: SplitPiece, rest: ArraySlice<UInt8>) throws(PageLoadError) {
        leaveOut(from: piece.start)
        leavingOutFrom = nil
        gaps.withLock { gaps in
            gaps.append(Gap(piece: piece, leftOutThrough: (gaps.last?.leftOutThrough ?? 0) + piece.end - piece.start))
        }
        try write(rest)
    }

    private func write(_ bytes: ArraySlice<UInt8>) throws(PageLoadError) {
        if let full { throw full }
        guard size + bytes.count <= limit else {
            let failure = PageLoadError(.tooLarge(limit: limit), "stopped reading: the spool file that keeps the input for re-reading dropped pages is full (--spool-max \(ByteCount.text(limit))); start again with a larger --spool-max")
            full = failure
            throw failure
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written, off_t(size + written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw PageLoadError(.connection, "could not write the spool file: \(String(cString: strerror(errno)))")
            }
            written += count
        }
        size += bytes.count
    }

    /// Up to `count` bytes of the input at `offset`, stopping before a value left out; empty at
    /// the end of what was kept.
    func read(at offset: Int, count: Int) throws(PageLoadError) -> Spooled {
        let (next, leftOutBefore) = gaps.withLock { gaps in
            // The first gap that ends after `offset` (gaps are in order and do not overlap).
            var low = 0
            var high = gaps.count
            while low < high {
                let middle = (low + high) / 2
                if gaps[middle].piece.end <= offset { low = middle + 1 } else { high = middle }
            }
            return (low < gaps.count ? gaps[low].piece : nil, low > 0 ? gaps[low - 1].leftOutThrough : 0)
        }
        if let next, next.start <= offset { return .leftOut(next) }
        let wanted = next.map { min(count, $0.start - offset) } ?? count
        return .bytes(try PositionalRead.read(descriptor, at: offset - leftOutBefore, count: wanted, label: "the spool file"))
    }
}

/// `pread` in a loop: the same bytes whatever was read before, for re-reading a page.
enum PositionalRead {
    static func read(_ descriptor: Int32, at offset: Int, count: Int, label: String) throws(PageLoadError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            if got >= 0 { return Array(buffer[0..<got]) }
            if errno == EINTR { continue }
            throw DescriptorInput.failure(label, errno)
        }
    }
}
