#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import InfinilistCore

/// Where the event loop writes lines: stdout and stderr in the program, a collector in tests.
/// Used from one thread only, hence not `Sendable`.
public protocol LineOutput: AnyObject {
    /// Writes `line` followed by a newline (possibly buffered).
    func write(line: String)
    /// Writes `text` followed by a newline: a dump's item, whose bytes may be its page's.
    func write(text: SharedText)
    /// Writes out everything buffered so far.
    func flush()
    /// The first write that failed, if any (everything after it is dropped): the dump stops at
    /// once rather than fetching pages nobody can read.
    var failure: OutputFailure? { get }
    /// Shows `text` as a progress line that the next one replaces (`Effect.progress`); an output
    /// that is not a terminal ignores it.
    func showProgress(_ text: String)
}

extension LineOutput {
    /// An output that cannot fail (a collector in tests).
    public var failure: OutputFailure? { nil }

    /// Not a terminal: a progress line is for a person watching, not for a file or a script.
    public func showProgress(_ text: String) {}

    /// As a `String` (a collector in tests).
    public func write(text: SharedText) {
        write(line: text.string)
    }
}

/// A write that failed: the reader of a pipe went away (EPIPE), the disk is full (ENOSPC), the
/// descriptor is closed or read-only (EBADF).
public struct OutputFailure: Error, Sendable, Equatable {
    /// The `errno` of the failed write.
    public let code: Int32
    /// `stdout`, `stderr` or `file descriptor N`.
    public let destination: String

    public init(code: Int32, destination: String) {
        self.code = code
        self.destination = destination
    }

    /// The reader went away (`infinilist --dump | head -1`): not an error worth a message.
    public var isBrokenPipe: Bool { code == EPIPE }

    /// 141 (128 + SIGPIPE) for a broken pipe, as `yes | head` gives when SIGPIPE kills the writer;
    /// 1 for any other failure.
    public var exitStatus: Int32 { isBrokenPipe ? 128 + SIGPIPE : 1 }

    /// `cannot write to stdout: No space left on device`; nil for a broken pipe, which stays quiet.
    public var message: String? {
        guard !isBrokenPipe else { return nil }
        return "cannot write to \(destination): \(String(cString: strerror(code)))"
    }
}

/// Lines to a file descriptor, optionally buffered. Buffering makes dumping many small items cheap;
/// `flush()` is called before any message on stderr and before `--dump` returns, and on deinit, so
/// nothing written is lost on an error path.
public final class FileLineOutput: LineOutput {
    private let descriptor: Int32
    private let bufferLimit: Int
    private var buffer: [UInt8] = []
    /// Named in a failure's message.
    private let destination: String
    /// Set by the first write that fails (e.g. the reader of a pipe went away); later output is
    /// dropped.
    public private(set) var failure: OutputFailure?
    public var failed: Bool { failure != nil }

    /// - Parameter bufferBytes: 0 writes every line at once (stderr); more collects lines first.
    public init(descriptor: Int32, bufferBytes: Int) {
        self.descriptor = descriptor
        switch descriptor {
        case 1: destination = "stdout"
        case 2: destination = "stderr"
        default: destination = "file descriptor \(descriptor)"
        }
        self.bufferLimit = bufferBytes
        buffer.reserveCapacity(bufferBytes)
    }

    /// Standard output, buffered in 64 KiB blocks.
    public static func standardOutput() -> FileLineOutput { FileLineOutput(descriptor: 1, bufferBytes: 64 * 1024) }
    /// Standard error, unbuffered.
    public static func standardError() -> FileLineOutput { FileLineOutput(descriptor: 2, bufferBytes: 0) }

    public func write(line: String) {
        write(text: SharedText(line))
    }

    /// The bytes are copied into the buffer as they are held: no `String` is made of an item's
    /// JSON that shares its page's buffer.
    public func write(text: SharedText) {
        text.withUTF8 { buffer.append(contentsOf: $0) }
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
                    // write(2) returning 0 for a non-empty buffer would loop for ever: an I/O error.
                    failure = OutputFailure(code: written < 0 ? errno : EIO, destination: destination)
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
