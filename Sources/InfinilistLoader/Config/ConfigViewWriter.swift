import Foundation
import InfinilistCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes `V`'s view into the config file (`ConfigViewEdit` makes the text): a file that does not
/// exist is made (and its directory, private to the user); one that does is replaced whole by a
/// new file renamed over it, with its permissions, so a failed write leaves the old file as it
/// was and a reader never sees half of one. A symbolic link is followed, and stays a link.
public enum ConfigViewWriter {
    public static func save(_ view: SavedView, path: String, base: String?, url: String?) -> ViewSaveResult {
        var status = stat()
        let exists = lstat(path, &status) == 0 || errno != ENOENT
        var text = ""
        if exists {
            do {
                let bytes = try ConfigFileReader.read(path: path, limit: ConfigFile.maxBytes)
                text = String(decoding: bytes, as: UTF8.self)
                guard text.utf8.elementsEqual(bytes) else {
                    return .failed(name: view.name, reason: "the config file \(path) is not UTF-8 text")
                }
            } catch {
                return .failed(name: view.name, reason: error.message)
            }
        }
        switch ConfigViewEdit.apply(view, to: text, path: path, base: base, url: url) {
        case .exists:
            return .exists(name: view.name, path: path)
        case .failed(let reason):
            return .failed(name: view.name, reason: reason)
        case .text(let newText, let created):
            guard newText.utf8.count <= ConfigFile.maxBytes else {
                return .failed(name: view.name, reason: "the config file \(path) would pass 1 MiB, the most infinilist reads; the file is as it was")
            }
            if let reason = write(newText, to: path, exists: exists) {
                return .failed(name: view.name, reason: reason)
            }
            let table = try? ConfigFile(text: newText, path: path).source(named: view.name)
            let hasURL = table?.settings.contains { $0.key == "url" } ?? true
            return .saved(name: view.name, path: path, created: created, hasURL: hasURL)
        }
    }

    /// `mkdir -p`, each new directory private to the user: nil when done, else the errno.
    private static func makeDirectories(_ directory: String) -> Int32? {
        var made = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0, errno != EEXIST { return errno }
        }
        return nil
    }

    /// Writes `text` over the file at `path` (through a link); nil when done, else why not.
    private static func write(_ text: String, to path: String, exists: Bool) -> String? {
        var target = path
        var mode: mode_t = 0o600
        if exists {
            guard let resolved = realpath(path, nil) else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
            target = String(cString: resolved)
            free(resolved)
            // Renaming over a file the user made read-only would go through it unasked.
            guard access(target, W_OK) == 0 else { return "cannot write \(path): \(String(cString: strerror(errno))); the file is as it was" }
            var status = stat()
            if stat(target, &status) == 0 { mode = status.st_mode & 0o7777 }
        } else {
            let directory = (path as NSString).deletingLastPathComponent
            if let failure = makeDirectories(directory) {
                return "cannot make the directory \(directory): \(String(cString: strerror(failure)))"
            }
        }
        let directory = (target as NSString).deletingLastPathComponent
        let temporary = directory + "/.infinilist-config-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return "cannot write in \(directory): \(String(cString: strerror(errno)))" }
        let bytes = Array(text.utf8)
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if failure == 0, fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        guard failure != 0 else { return nil }
        unlink(temporary)
        return "cannot write \(path): \(String(cString: strerror(failure))); the file is as it was"
    }
}
