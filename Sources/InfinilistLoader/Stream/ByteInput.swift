import InfinilistCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// What one read of the input gave.
enum ChunkRead: Equatable {
    case bytes([UInt8])
    /// The writer closed its end (or the file ended).
    case end
    /// Nothing arrived within the time asked for: a pipe that is open and quiet.
    case quiet
}

/// Why an input that is still open has nothing to read yet: the footer says it.
enum QuietReason: Sendable, Equatable {
    /// The writer (a pipe's, a server's) has sent nothing more yet.
    case waitingForInput
    /// A named pipe opened by its path has had nothing written yet: no writer may have opened it
    /// (`mkfifo f; infinilist f`), which the user should be told rather than see a silent wait.
    case waitingForWriter(path: String)
    /// A live stream between two connections: the next attempt in `seconds`, and why.
    case reconnecting(seconds: WaitSeconds, reason: String, isFirst: Bool)
    /// Not quiet, but nothing to show either: one value too long to keep is being scanned for
    /// its end (said as it goes, so `/dev/zero` is not a silent 100% CPU).
    case skipping(String)
    /// Not quiet either: a pass is counting a file's lines (`StreamReader.pass`), so far.
    case passing(String)
}

/// A source of bytes read in chunks: a pipe, a file, a decompressor over one, or a streaming
/// HTTP answer.
protocol ByteInput: AnyObject {
    /// Up to a chunk of bytes; waits at most `milliseconds` for a pipe to have some.
    func read(waitingAtMost milliseconds: Int32) throws(PageLoadError) -> ChunkRead
    /// Why the input is quiet, asked after each quiet read.
    var quietReason: QuietReason { get }
}

extension ByteInput {
    /// Pipes and files only ever wait for their writer.
    var quietReason: QuietReason { .waitingForInput }
}

/// A file descriptor read with `poll` and `read`, so a quiet pipe never blocks for longer than
/// asked (the reader checks for cancellation between waits). Regular files never wait.
final class DescriptorInput: ByteInput {
    let descriptor: Int32
    /// What the input is called in messages: `standard input`, the file's path.
    let label: String
    private let ownsDescriptor: Bool
    /// A named pipe opened by its path: until its first byte, quiet means no writer yet.
    private let namedPipe: Bool
    private var hasRead = false
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    init(descriptor: Int32, label: String, ownsDescriptor: Bool, namedPipe: Bool = false) {
        self.descriptor = descriptor
        self.label = label
        self.ownsDescriptor = ownsDescriptor
        self.namedPipe = namedPipe
    }

    var quietReason: QuietReason { namedPipe && !hasRead ? .waitingForWriter(path: label) : .waitingForInput }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    func read(waitingAtMost milliseconds: Int32) throws(PageLoadError) -> ChunkRead {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        if ready == 0 { return .quiet }
        if ready < 0 {
            if errno == EINTR { return .quiet }
            throw Self.failure(label, errno)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                hasRead = true
                return .bytes(Array(chunk[0..<count]))
            }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            if errno == EAGAIN { return .quiet }
            throw Self.failure(label, errno)
        }
    }

    static func failure(_ label: String, _ code: Int32) -> PageLoadError {
        PageLoadError(.connection, "could not read \(label): \(String(cString: strerror(code)))")
    }
}
