import Foundation
import InfinilistLoader
import Testing

/// Whatever is at the config file's path, `load` returns at once with a message that says what is
/// there and what is expected: a directory, a FIFO with no writer, a device that never ends, a
/// file too large, a loop of symbolic links, a link to nothing.
@Suite struct ConfigFileReadingTests {
    /// A fresh directory with the path `config.toml` in it, removed afterwards.
    final class Place {
        let directory: URL
        var path: String { directory.appendingPathComponent("config.toml").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-config-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    private func loadError(_ path: String) -> String? {
        do {
            _ = try ConfigFile.load(path: path)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        let place = try Place()
        try FileManager.default.createDirectory(atPath: place.path, withIntermediateDirectories: true)
        let message = try #require(loadError(place.path))
        #expect(message == "the config file \(place.path) is a directory; it must be a TOML file of [sources.NAME] tables (see infinilist --help)")
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let place = try Place()
        #expect(mkfifo(place.path, 0o600) == 0)
        let message = try #require(loadError(place.path))
        #expect(message == "the config file \(place.path) is a FIFO, not a regular file; it must be a TOML file of [sources.NAME] tables (see infinilist --help)")
    }

    @Test func aLinkToADeviceIsRefusedWithoutReadingIt() throws {
        let place = try Place()
        try FileManager.default.createSymbolicLink(atPath: place.path, withDestinationPath: "/dev/zero")
        let message = try #require(loadError(place.path))
        #expect(message.hasPrefix("the config file \(place.path) is a device, not a regular file"), "\(message)")
    }

    @Test func aFileTooLargeIsRefused() throws {
        let place = try Place()
        let text = String(repeating: "# padding\n", count: ConfigFile.maxBytes / 10 + 1)
        try text.write(toFile: place.path, atomically: true, encoding: .utf8)
        let message = try #require(loadError(place.path))
        #expect(message == "the config file \(place.path) is too large: over 1 MiB; a config file of named sources is a few kilobytes")
        // Just under the limit is read.
        try String(text.dropFirst(20)).write(toFile: place.path, atomically: true, encoding: .utf8)
        #expect(try ConfigFile.load(path: place.path).sources.isEmpty)
    }

    @Test func aLoopOfLinksIsNamedAsOne() throws {
        let place = try Place()
        let other = place.directory.appendingPathComponent("other.toml").path
        try FileManager.default.createSymbolicLink(atPath: place.path, withDestinationPath: other)
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: place.path)
        let message = try #require(loadError(place.path))
        #expect(message == "the config file \(place.path) is a loop of symbolic links; make it (or the link) a TOML file of [sources.NAME] tables")
    }

    @Test func aLinkToNothingSaysWhereItPoints() throws {
        let place = try Place()
        let missing = place.directory.appendingPathComponent("moved.toml").path
        try FileManager.default.createSymbolicLink(atPath: place.path, withDestinationPath: missing)
        let message = try #require(loadError(place.path))
        #expect(message.hasPrefix("there is no config file at \(place.path): it is a symbolic link to \(missing), which does not exist"), "\(message)")
    }

    @Test func aFileThatIsNotUTF8IsNamed() throws {
        let place = try Place()
        try Data([0x5B, 0xFF, 0xFE, 0x5D]).write(to: URL(fileURLWithPath: place.path))
        #expect(loadError(place.path) == "the config file \(place.path) is not UTF-8 text")
    }

    /// One byte order mark may open the file (TOML allows it); a second is text where a key
    /// should be, at line 1.
    @Test func oneByteOrderMarkIsReadAndASecondIsAnError() throws {
        let place = try Place()
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = Array("[sources.x]\nurl = \"https://x.example/?page={page}\"\n".utf8)
        try Data(mark + body).write(to: URL(fileURLWithPath: place.path))
        #expect(try ConfigFile.load(path: place.path).sources.map(\.name) == ["x"])
        try Data(mark + mark + body).write(to: URL(fileURLWithPath: place.path))
        let message = try #require(loadError(place.path))
        #expect(message.hasPrefix("\(place.path) line 1: expected a key"), "\(message)")
    }
}
