import Foundation
import Glibc
import InfinilistCore
@testable import InfinilistRuntime
import Testing

/// `w`'s file writes on a real file system: a new file, an existing one kept unless overwrite is
/// asked, and the reasons a write fails.
@Suite struct ViewFileWriterTests {
    private func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-view-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aNewFileIsWrittenAndAnExistingOneKeptUnlessOverwriteIsAsked() throws {
        let base = try directory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let file = base + "/view.csv"
        #expect(ViewFileWriter.write(path: file, lines: ["a,b", "1,2"], overwrite: false) == .written(path: file))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "a,b\n1,2\n")
        #expect(ViewFileWriter.write(path: file, lines: ["x"], overwrite: false) == .exists(path: file))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "a,b\n1,2\n")
        #expect(ViewFileWriter.write(path: file, lines: ["x"], overwrite: true) == .written(path: file))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x\n")
        // Nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: base) == ["view.csv"])
    }

    @Test func aWriteThatCannotHappenSaysWhy() throws {
        let base = try directory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(ViewFileWriter.write(path: base, lines: ["x"], overwrite: true) == .failed(path: base, reason: "it is a directory"))
        let missing = base + "/no/such/view.json"
        #expect(ViewFileWriter.write(path: missing, lines: ["x"], overwrite: false) == .failed(path: missing, reason: "no directory \(base)/no/such"))
    }

    /// Only a regular file is written: a FIFO (or a device) is refused, never replaced; a link is
    /// written through, and the file keeps its permissions.
    @Test func aLinkIsWrittenThroughAndOnlyARegularFileIsWritten() throws {
        let base = try directory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let fifo = base + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(ViewFileWriter.write(path: fifo, lines: ["x"], overwrite: true) == .failed(path: fifo, reason: "it is not a regular file (a device, a pipe or a socket)"))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        let target = base + "/target.csv"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8), attributes: [.posixPermissions: 0o640]))
        let link = base + "/link.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(ViewFileWriter.write(path: link, lines: ["new"], overwrite: true) == .written(path: link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o640)
    }
}
