#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `-d ARGUMENT` (or `--graphql ARGUMENT`) stands for, as curl reads it: the text itself, or with `@FILE` the file's
/// contents, with `@-` standard input's. A file or stdin ends with a line break as a rule (an
/// editor's, `echo`'s), which is not part of the body, so trailing line breaks are dropped. Each
/// problem is a usage error naming the file and what is wrong: missing, unreadable, a directory,
/// over `BodyTemplate.maxBytes` (read no further than that), empty, or not UTF-8 text. The
/// command line reads each argument once (`@-` can only be read once).
///
/// A named pipe is opened without waiting for its writer, and every read that would block first
/// calls `wait`: the command line's wait also answers signals, which are blocked for the process
/// (a blocking `open` or `read` could be ended by SIGKILL alone).
public enum BodyArgument {
    /// Waits until the descriptor can be read without blocking; `namedPipe` is the pipe's name
    /// (for a message) when the argument named one.
    public typealias Wait = (_ descriptor: Int32, _ namedPipe: String?) -> Void

    /// - Parameter flag: the flag the argument was given to, for messages (`-d`, `--graphql`).
    /// - Parameter wait: called before each read that would block; by default a plain `poll`.
    public static func read(_ argument: String, flag: String = "-d", wait: Wait = pollUntilReadable) throws(SourceOptionError) -> String {
        guard argument.hasPrefix("@") else { return argument }
        let path = String(argument.dropFirst())
        guard !path.isEmpty else { throw SourceOptionError("\(flag) @ needs a file name after the @ (or @- for standard input)") }
        let name = path == "-" ? "standard input" : OneLine.clean(path, maxCharacters: 120)
        let place = "\(flag) @\(path == "-" ? "-" : name)"
        let bytes: [UInt8]
        if path == "-" {
            bytes = try readAll(from: 0, name: name, place: place) { wait($0, nil) }
        } else {
            // Non-blocking, so that a named pipe without a writer yet opens at once.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { throw openFailure(errno, name: name, place: place) }
            defer { close(descriptor) }
            var status = stat()
            let type = fstat(descriptor, &status) == 0 ? status.st_mode & mode_t(S_IFMT) : 0
            if type == mode_t(S_IFDIR) {
                throw SourceOptionError("\(place): \(name) is a directory; \(flag) @FILE reads a file")
            }
            // A pipe stays non-blocking (before its first writer a read would say "end of file":
            // `wait` polls first); anything else (a terminal) reads as usual once polled.
            let namedPipe = type == mode_t(S_IFIFO) ? name : nil
            if namedPipe == nil { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
            bytes = try readAll(from: descriptor, name: name, place: place) { wait($0, namedPipe) }
        }
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > 0 else {
            let what = flag == "-d" ? "a body is needed (-X POST sends a POST without one)" : "it holds nothing to send"
            throw SourceOptionError("\(place): \(name) is empty; \(what)")
        }
        guard let text = String(validating: bytes[..<end], as: UTF8.self) else {
            throw SourceOptionError("\(place): \(name) is not UTF-8 text")
        }
        return text
    }

    /// The wait without signals: `poll` until the descriptor is readable.
    public static func pollUntilReadable(_ descriptor: Int32, namedPipe: String?) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, -1) < 0, errno == EINTR {}
    }

    /// Everything `descriptor` holds, up to the limit; `wait` before each read.
    private static func readAll(
        from descriptor: Int32, name: String, place: String, wait: (Int32) -> Void
    ) throws(SourceOptionError) -> [UInt8] {
        let limit = BodyTemplate.maxBytes
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            wait(descriptor)
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            guard got >= 0 else {
                let code = errno
                if code == EISDIR { throw SourceOptionError("\(place): \(name) is a directory, not a file") }
                throw SourceOptionError("\(place): cannot read \(name): \(String(cString: strerror(code)))")
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else {
            throw SourceOptionError("\(place): \(name) is larger than \(limit >> 20) MiB; a request body is a few kilobytes")
        }
        return Array(bytes[..<count])
    }

    private static func openFailure(_ code: Int32, name: String, place: String) -> SourceOptionError {
        switch code {
        case ENOENT: return SourceOptionError("\(place): there is no file \(name)")
        case ENOTDIR: return SourceOptionError("\(place): there is no file \(name) (a part of the path is a file, not a directory)")
        case EACCES, EPERM: return SourceOptionError("\(place): cannot read \(name): permission denied")
        default: return SourceOptionError("\(place): cannot open \(name): \(String(cString: strerror(code)))")
        }
    }
}

/// `read(2)`, named apart from `BodyArgument.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
