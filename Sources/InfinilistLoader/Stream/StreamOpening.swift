import InfinilistCore
#if canImport(Glibc)
import Glibc
#endif

/// Opens what a `StreamSource` reads and chooses how its pages are read again: by offset from a
/// regular file, else from a spool (a pipe, a `.gz` file, standard input already partly read).
public enum StreamOpening {
    static func open(_ settings: SourceConfiguration.StreamSettings) throws(PageLoadError) -> StreamReader {
        let descriptor: Int32
        let label: String
        switch settings.input {
        case .standardInput:
            descriptor = 0
            label = "standard input"
        case .file(let path):
            // Said in messages on stderr and the screen: a name with escapes must not reach
            // the terminal as them.
            label = TerminalText.sanitize(path)
            descriptor = openWithoutWaiting(path)
            guard descriptor >= 0 else { throw PageLoadError(.connection, "could not open \(path): \(String(cString: strerror(errno)))") }
        }
        let owns = descriptor != 0
        let namedPipe = owns && isNamedPipe(descriptor)
        var input: any ByteInput = DescriptorInput(descriptor: descriptor, label: label, ownsDescriptor: owns, namedPipe: namedPipe)
        let compressed = settings.input.isCompressed
        if compressed { input = try GzipInput(input, label: label) }
        // A regular file read from its start is read again by offset; anything else is spooled.
        let seekable = !compressed && isRegularFile(descriptor) && lseek(descriptor, 0, SEEK_CUR) == 0
        var spool: Spool?
        if !seekable, let limit = settings.spoolMax {
            spool = try Spool(limit: limit, directory: settings.spoolDirectory)
        }
        return StreamReader(
            input: input, rereadDescriptor: seekable ? descriptor : nil, label: label, spool: spool,
            mode: settings.mode, maxValueBytes: settings.maxValueBytes, maxSkipBytes: settings.maxSkipBytes)
    }

    /// Opens `path` for reading at once, even a named pipe without a writer yet: a blocking
    /// `open` would wait there before the screen or the loop runs, with the signals blocked
    /// (only SIGKILL could end it). A named pipe stays non-blocking: `DescriptorInput` polls it,
    /// quiet ("waiting for input") until a writer writes, at the end once the writer has gone.
    static func openWithoutWaiting(_ path: String) -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return descriptor }
        var info = stat()
        if fstat(descriptor, &info) != 0 || (info.st_mode & S_IFMT) != S_IFIFO {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        return descriptor
    }

    /// Whether the input can be opened again from the start: a regular file named by its path (a
    /// named pipe or `/dev/fd/N` would give other bytes, or none).
    static func canReopen(_ input: SourceConfiguration.StreamSettings.Input) -> Bool {
        guard case .file(let path) = input else { return false }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// A pipe made with `mkfifo` (a node in the file system), not one opened through `/dev/fd/N`
    /// (`infinilist <(curl …)`), whose writer is already there.
    static func isNamedPipe(_ descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return false }
        var target = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
        guard count > 0 else { return true }
        // An anonymous pipe's link reads `pipe:[inode]`; a named one's is its path.
        return target[0] == CChar(UInt8(ascii: "/"))
    }

    static func isRegularFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether standard input holds data to read (a pipe, a file, a socket) rather than being a
    /// terminal or /dev/null: then infinilist reads it when no URL is given.
    public static func standardInputHasData() -> Bool {
        var info = stat()
        guard fstat(0, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
    }
}

extension SourceConfiguration.StreamSettings {
    /// Whether the rows can be counted in the background (`StreamReader.countItems`): a regular
    /// file read as it is (not inflated), without `--id` (which drops repeated lines).
    public var mayCountRows: Bool {
        !input.isCompressed && shape.idPath == nil && StreamOpening.canReopen(input)
    }

    /// Whether the next page is read while one is written (`PageReadAhead`): `--dump`, which
    /// reads each page once, in order (nothing is read twice, so nothing is spooled).
    var readsAhead: Bool {
        spoolMax == nil
    }
}
