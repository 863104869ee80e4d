import Foundation
import InfinilistCore

/// Writes the view to a file for `w` (`Effect.writeFile`): `~/` is the home directory, a relative
/// name is the working directory's; an existing file is left alone unless `overwrite`. The lines
/// go to a file beside the target first, renamed over it at the end, so a failed write (a full
/// disk) leaves whatever was there; the file keeps its permissions, and a symbolic link is
/// written through (the file it names gets the lines, the link stays). Only a regular file is
/// written: a device, a pipe or a socket is refused (a hostile pass had `/dev/full` replaced by
/// a file). The result goes back to the core as `Message.fileWritten`.
enum ViewFileWriter {
    static func write(path: String, lines: [String], overwrite: Bool) -> FileWriteResult {
        let target = (expanded(path) as NSString).resolvingSymlinksInPath
        var mode: mode_t?
        var status = stat()
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: return .failed(path: path, reason: "it is a directory")
            default: return .failed(path: path, reason: "it is not a regular file (a device, a pipe or a socket)")
            }
            if !overwrite { return .exists(path: path) }
            mode = status.st_mode & 0o7777
        }
        let directory = (target as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.infinilist-\(getpid())-" + ((target as NSString).lastPathComponent)
        var data = Data()
        for line in lines {
            data.append(contentsOf: line.utf8)
            data.append(0x0A)
        }
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: mode.map { [.posixPermissions: Int($0)] }) else {
            return .failed(path: path, reason: reason(for: errno, directory: directory))
        }
        guard rename(temporary, target) == 0 else {
            let error = errno
            unlink(temporary)
            return .failed(path: path, reason: String(cString: strerror(error)))
        }
        return .written(path: path)
    }

    private static func expanded(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else { return path }
        return home + path.dropFirst(1)
    }

    private static func reason(for error: Int32, directory: String) -> String {
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) { return "no directory \(directory)" }
        return error == 0 ? "cannot create it" : String(cString: strerror(error))
    }
}
