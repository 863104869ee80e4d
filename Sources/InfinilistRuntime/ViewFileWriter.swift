import Foundation
import InfinilistCore

/// Writes the view to a file for `w` (`Effect.writeFile`): `~/` is the home directory, a relative
/// name is the working directory's; an existing file is left alone unless `overwrite`. The lines
/// go to a file beside the target first, renamed over it at the end, so a failed write (a full
/// disk) leaves whatever was there. The result goes back to the core as `Message.fileWritten`.
enum ViewFileWriter {
    static func write(path: String, lines: [String], overwrite: Bool) -> FileWriteResult {
        let target = expanded(path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return .failed(path: path, reason: "it is a directory") }
            if !overwrite { return .exists(path: path) }
        }
        let directory = (target as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.infinilist-\(getpid())-" + ((target as NSString).lastPathComponent)
        var data = Data()
        for line in lines {
            data.append(contentsOf: line.utf8)
            data.append(0x0A)
        }
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
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
