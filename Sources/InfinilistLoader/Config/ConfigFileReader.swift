#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the config file's bytes, and says in words what is at the path when it is not a file to
/// read: a directory, a FIFO (opened without waiting for a writer), a device such as `/dev/zero`
/// (never read), a socket, a loop of symbolic links, a link to nothing, or a file too large (read
/// no further than the limit, even if it grows meanwhile). The checks are made on the opened
/// descriptor, so the file cannot change between the check and the read.
enum ConfigFileReader {
    static func read(path: String, limit: Int) throws(ConfigError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openFailure(errno, path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw cannotRead(path, errno) }
        if let kind = kindIfNotRegular(status.st_mode) {
            if kind == "a directory" {
                throw ConfigError("the config file \(path) is a directory; \(expected) (see infinilist --help)")
            }
            throw ConfigError("the config file \(path) is \(kind), not a regular file; \(expected) (see infinilist --help)")
        }
        let tooLarge = ConfigError("the config file \(path) is too large: over \(limit >> 20) MiB; a config file of named sources is a few kilobytes")
        guard Int(status.st_size) <= limit else { throw tooLarge }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw cannotRead(path, errno) }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw tooLarge }
        return Array(bytes[..<count])
    }

    private static let expected = "it must be a TOML file of [sources.NAME] tables"

    /// What the mode says the file is, unless it is a regular file.
    private static func kindIfNotRegular(_ mode: mode_t) -> String? {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): return nil
        case mode_t(S_IFDIR): return "a directory"
        case mode_t(S_IFIFO): return "a FIFO"
        case mode_t(S_IFCHR), mode_t(S_IFBLK): return "a device"
        case mode_t(S_IFSOCK): return "a socket"
        default: return "not a file"
        }
    }

    private static func openFailure(_ code: Int32, path: String) -> ConfigError {
        switch code {
        case ENOENT:
            if let target = linkTarget(path) {
                return ConfigError("there is no config file at \(path): it is a symbolic link to \(target), which does not exist; make one of them a TOML file of [sources.NAME] tables")
            }
            return ConfigError("there is no config file at \(path); a source named with @NAME is a [sources.NAME] table there (see infinilist --help)")
        case ENOTDIR:
            return ConfigError("there is no config file at \(path): a part of that path is a file, not a directory")
        case ELOOP:
            return ConfigError("the config file \(path) is a loop of symbolic links; make it (or the link) a TOML file of [sources.NAME] tables")
        case ENXIO:
            var status = stat()
            if stat(path, &status) == 0, let kind = kindIfNotRegular(status.st_mode) {
                return ConfigError("the config file \(path) is \(kind), not a regular file; \(expected) (see infinilist --help)")
            }
            return cannotRead(path, code)
        case EACCES, EPERM:
            return ConfigError("cannot read the config file \(path): permission denied; make it readable (chmod u+r)")
        default:
            return cannotRead(path, code)
        }
    }

    private static func cannotRead(_ path: String, _ code: Int32) -> ConfigError {
        ConfigError("cannot read the config file \(path): \(String(cString: strerror(code)))")
    }

    /// Where the symbolic link at `path` points; nil when it is not a link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// `read(2)`, named apart from `ConfigFileReader.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
