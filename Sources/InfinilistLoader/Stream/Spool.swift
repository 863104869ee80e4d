#if canImport(Glibc)
import Glibc
#endif

/// A copy of what was read from a pipe (or inflated from a `.gz` file), so pages dropped from
/// memory can be read again by byte offset: the input itself cannot be read twice.
///
/// The file is made with `mkstemp` (mode 0600, close-on-exec) in `$TMPDIR` (else /tmp) and unlinked at once, so
/// no other user can read it and it disappears however infinilist ends (q, a signal, a crash):
/// only the open descriptor keeps it. It grows to at most `limit` bytes.
final class Spool {
    let limit: Int
    private let descriptor: Int32
    private(set) var size = 0

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

    /// Appends `bytes`; throws, keeping nothing of them, when the spool would pass its limit.
    func append(_ bytes: [UInt8]) throws(PageLoadError) {
        guard size + bytes.count <= limit else {
            throw PageLoadError(.tooLarge(limit: limit), "stopped reading: the spool file that keeps the input for re-reading dropped pages is full (--spool-max \(ByteCount.text(limit))); start again with a larger --spool-max")
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

    /// Reads up to `count` bytes at `offset`; empty at the end of what was kept.
    func read(at offset: Int, count: Int) throws(PageLoadError) -> [UInt8] {
        try PositionalRead.read(descriptor, at: offset, count: count, label: "the spool file")
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
