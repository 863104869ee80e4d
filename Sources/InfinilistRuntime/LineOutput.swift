#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the event loop writes lines: stdout and stderr in the program, a collector in tests.
/// Used from one thread only, hence not `Sendable`.
public protocol LineOutput: AnyObject {
    /// Writes `line` followed by a newline (possibly buffered).
    func write(line: String)
    /// Writes out everything buffered so far.
    func flush()
    /// The errno of the first write that failed (EPIPE: the reader went away; ENOSPC; EBADF);
    /// nil while every write succeeded.
    var failure: Int32? { get }
}

extension LineOutput {
    public var failure: Int32? { nil }
}

/// Lines to a file descriptor, optionally buffered. Buffering makes dumping many small items cheap;
/// `flush()` is called before any message on stderr and before `--dump` returns, and on deinit, so
/// nothing written is lost on an error path.
public final class FileLineOutput: LineOutput {
    private let descriptor: Int32
    private let bufferLimit: Int
    private var buffer: [UInt8] = []
    /// Set once a write fails (e.g. the reader of a pipe went away); later output is dropped.
    public private(set) var failure: Int32?
    public var failed: Bool { failure != nil }

    /// - Parameter bufferBytes: 0 writes every line at once (stderr); more collects lines first.
    public init(descriptor: Int32, bufferBytes: Int) {
        self.descriptor = descriptor
        self.bufferLimit = bufferBytes
        buffer.reserveCapacity(bufferBytes)
    }

    /// Standard output, buffered in 64 KiB blocks.
    public static func standardOutput() -> FileLineOutput { FileLineOutput(descriptor: 1, bufferBytes: 64 * 1024) }
    /// Standard error, unbuffered.
    public static func standardError() -> FileLineOutput { FileLineOutput(descriptor: 2, bufferBytes: 0) }

    public func write(line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= bufferLimit { flush() }
    }

    public func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !failed, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = Self.systemWrite(descriptor, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    failure = written < 0 ? errno : EIO
                    return
                }
            }
        }
    }

    deinit { flush() }

    private static func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(fd, pointer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, pointer, count)
        #else
        return Glibc.write(fd, pointer, count)
        #endif
    }
}
