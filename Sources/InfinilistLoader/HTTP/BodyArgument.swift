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
public enum BodyArgument {
    /// - Parameter flag: the flag the argument was given to, for messages (`-d`, `--graphql`).
    public static func read(_ argument: String, flag: String = "-d") throws(SourceOptionError) -> String {
        guard argument.hasPrefix("@") else { return argument }
        let path = String(argument.dropFirst())
        guard !path.isEmpty else { throw SourceOptionError("\(flag) @ needs a file name after the @ (or @- for standard input)") }
        let name = path == "-" ? "standard input" : OneLine.clean(path, maxCharacters: 120)
        let place = "\(flag) @\(path == "-" ? "-" : name)"
        let bytes: [UInt8]
        if path == "-" {
            bytes = try readAll(from: 0, name: name, place: place)
        } else {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw openFailure(errno, name: name, place: place) }
            defer { close(descriptor) }
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) {
                throw SourceOptionError("\(place): \(name) is a directory; \(flag) @FILE reads a file")
            }
            bytes = try readAll(from: descriptor, name: name, place: place)
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

    /// Everything `descriptor` holds, up to the limit.
    private static func readAll(from descriptor: Int32, name: String, place: String) throws(SourceOptionError) -> [UInt8] {
        let limit = BodyTemplate.maxBytes
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0, errno == EINTR { continue }
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
