#if canImport(Glibc)
import Glibc
#endif
import InfinilistCore

extension SourceConfiguration {
    /// A list read from standard input or a file.
    public struct StreamSettings: Sendable {
        public enum Input: Sendable, Equatable {
            case standardInput
            case file(String)

            /// A `.gz` file, inflated as it is read.
            var isCompressed: Bool {
                if case .file(let path) = self { return path.hasSuffix(".gz") }
                return false
            }
        }

        public let input: Input
        /// `stdin`, or the file's name, for the status line.
        let name: String
        let pageSize: Int
        let shape: ItemShape
        let mode: StreamListMode
        /// `--max-page-bytes`: the longest value (or line) kept.
        let maxValueBytes: Int
        /// `--max-skip`: how long one value too long to keep is scanned for its end.
        let maxSkipBytes: Int
        /// `--spool-max`; nil when nothing is read twice (`--dump`), so nothing is spooled.
        let spoolMax: Int?
        let spoolDirectory: String?
        /// Values that could not be kept are shown as rows (the screen), not only as warnings.
        let problemRows: Bool
    }
}

extension SourceOptions {
    /// The checks of `validated(url:)` for standard input or a file.
    func streamSettings(_ input: SourceConfiguration.StreamSettings.Input) throws(SourceOptionError) -> SourceConfiguration.StreamSettings {
        let pageSize = streamPageSize
        guard pageSize >= 1 else { throw SourceOptionError("--page-size must be at least 1, not \(pageSize)") }
        guard pageSize <= 100_000 else { throw SourceOptionError("--page-size must be at most 100000, not \(pageSize)") }
        let shape = try itemShape()
        guard maxPageBytes > 0 else { throw SourceOptionError("--max-page-bytes must be at least 1 byte, not \(maxPageBytes)") }
        guard spoolMax > 0 else { throw SourceOptionError("--spool-max must be at least 1 byte, not \(spoolMax)") }
        guard maxSkipBytes > 0 else { throw SourceOptionError("--max-skip must be at least 1 byte, not \(maxSkipBytes)") }
        let mode: StreamListMode = try itemsPath.map { path throws(SourceOptionError) in .itemsAt(try Self.path(path, flag: "--items")) } ?? .detect
        let name: String
        switch input {
        case .standardInput: name = "stdin"
        case .file(let path):
            try Self.checkReadable(path)
            name = path.split(separator: "/").last.map(String.init) ?? path
        }
        return SourceConfiguration.StreamSettings(
            input: input, name: name, pageSize: pageSize, shape: shape, mode: mode, maxValueBytes: maxPageBytes, maxSkipBytes: maxSkipBytes,
            spoolMax: streamReadOnce ? nil : spoolMax, spoolDirectory: environment["TMPDIR"], problemRows: !streamReadOnce)
    }

    /// How a streaming answer is read as a live list: with the spool and the rows of values that
    /// could not be kept, as a pipe is, unless `--dump` reads it once.
    func liveSettings() throws(SourceOptionError) -> LiveSession.Settings {
        guard spoolMax > 0 else { throw SourceOptionError("--spool-max must be at least 1 byte, not \(spoolMax)") }
        var settings = LiveSession.Settings()
        settings.streaming = live ? .always : .byContentType
        settings.spoolMax = streamReadOnce ? nil : spoolMax
        settings.spoolDirectory = environment["TMPDIR"]
        settings.problemRows = !streamReadOnce
        settings.backoff.maxDelay = max(retry.maxDelay, settings.backoff.base)
        // Pages of a pipe's size (1000 unless --page-size says): a stream's pages are cut by time
        // too, so they never make a row wait, and each page costs the walk, the reader and the
        // screen a record (about 150 bytes) that stays for as long as the list does.
        settings.pageSize = streamPageSize
        return settings
    }

    /// A file that cannot be read is a usage error, before the screen opens.
    private static func checkReadable(_ path: String) throws(SourceOptionError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SourceOptionError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw SourceOptionError("\(path) is a folder, not a file to read") }
        guard access(path, R_OK) == 0 else { throw SourceOptionError("cannot read \(path): \(String(cString: strerror(errno)))") }
    }
}
