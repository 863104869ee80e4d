import ArgumentParser
import Foundation
import Glibc
import InfinilistCore
import Synchronization

/// A flag's text given as itself, `@FILE` (read from the file) or `@-` (read from stdin), as
/// curl's `-d` does: a GraphQL query is many lines, better kept in a file. The text is read
/// whole (at most 1 MiB) and must be UTF-8; a problem is a usage error naming the flag and file.
enum ArgumentText {
    static let limit = 1 << 20

    /// Stdin can be read only once, but the options are checked twice (while parsing, then to
    /// run): the first read is kept for the second.
    private static let standardInput = Mutex<String?>(nil)

    static func read(_ value: String, flag: String) throws -> String {
        guard value.hasPrefix("@") else { return value }
        let path = String(value.dropFirst())
        if path == "-" { return try readStandardInput(flag: flag) }
        guard !path.isEmpty else { throw ValidationError("\(flag) @ needs a file name (@FILE), or @- for stdin") }
        let shown = "\(flag) @\(TerminalText.sanitize(path))"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidationError("\(shown): there is no file \(TerminalText.sanitize(path))")
        }
        if isDirectory.boolValue { throw ValidationError("\(shown) is a directory, not a file") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            throw ValidationError("\(shown) is not a regular file")
        }
        if let size = attributes?[.size] as? Int, size > limit { throw ValidationError("\(shown) is larger than 1 MiB") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(shown): cannot read the file (permission denied?)")
        }
        return try text(Array(data), shown: shown)
    }

    private static func readStandardInput(flag: String) throws -> String {
        if let kept = standardInput.withLock({ $0 }) { return kept }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += buffer[..<got]
        }
        if bytes.count > limit { throw ValidationError("\(flag) @-: stdin holds more than 1 MiB") }
        let read = try text(bytes, shown: "\(flag) @-")
        standardInput.withLock { $0 = read }
        return read
    }

    private static func text(_ bytes: [UInt8], shown: String) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ValidationError("\(shown) is not UTF-8 text") }
        return text
    }
}
