import Foundation
import InfinilistLoader
import Testing

/// `-d @FILE`: the file's text without its final line break, or a message naming the file and
/// what is wrong with it.
@Suite struct BodyArgumentTests {
    private func withDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-body-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    private func message(_ argument: String) -> String? {
        do throws(SourceOptionError) {
            _ = try BodyArgument.read(argument)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func textIsTheBodyAndAFileIsReadWithoutItsLastLineBreak() throws {
        #expect(try BodyArgument.read(#"{"a": 1}"#) == #"{"a": 1}"#)
        try withDirectory { directory in
            let file = directory.appendingPathComponent("query.json")
            try Data("{\n  \"page_size\": {limit}\n}\n\r\n".utf8).write(to: file)
            #expect(try BodyArgument.read("@" + file.path) == "{\n  \"page_size\": {limit}\n}")
        }
    }

    @Test func eachProblemNamesTheFile() throws {
        try withDirectory { directory in
            let missing = directory.appendingPathComponent("nope.json").path
            #expect(message("@" + missing) == "-d @\(missing): there is no file \(missing)")
            #expect(message("@" + directory.path) == "-d @\(directory.path): \(directory.path) is a directory; -d @FILE reads a file")
            let large = directory.appendingPathComponent("large.json")
            try Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1).write(to: large)
            #expect(message("@" + large.path) == "-d @\(large.path): \(large.path) is larger than 1 MiB; a request body is a few kilobytes")
            let empty = directory.appendingPathComponent("empty.json")
            try Data("\n".utf8).write(to: empty)
            #expect(message("@" + empty.path) == "-d @\(empty.path): \(empty.path) is empty; a body is needed (-X POST sends a POST without one)")
            let binary = directory.appendingPathComponent("binary")
            try Data([0x7B, 0xFF, 0x7D]).write(to: binary)
            #expect(message("@" + binary.path) == "-d @\(binary.path): \(binary.path) is not UTF-8 text")
            let locked = directory.appendingPathComponent("locked.json")
            try Data("{}".utf8).write(to: locked)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
            // root reads any file; the check only means something for other users.
            if getuid() != 0 {
                #expect(message("@" + locked.path) == "-d @\(locked.path): cannot read \(locked.path): permission denied")
            }
        }
        #expect(message("@") == "-d @ needs a file name after the @ (or @- for standard input)")
    }
}
