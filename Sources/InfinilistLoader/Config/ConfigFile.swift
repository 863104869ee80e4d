import Foundation
import InfinilistCore
import TOML

/// The user's config file, `$XDG_CONFIG_HOME/infinilist/config.toml` (by default
/// `~/.config/infinilist/config.toml`): named sources, each a `[sources.NAME]` table. Read only
/// when the command line names a source (`infinilist @NAME`); never written.
public struct ConfigFile: Sendable {
    public let path: String
    /// The sources, in file order.
    public let sources: [NamedSource]
    /// The largest file read: a config of named sources is a few kilobytes.
    public static let maxBytes = 1 << 20

    /// Where the file is: `$XDG_CONFIG_HOME` when it is an absolute path, else `$HOME/.config`;
    /// nil when neither is set.
    public static func defaultPath(environment: [String: String]) -> String? {
        XDGPath.file("config.toml", in: .config, environment: environment)
    }

    /// Reads and checks the file at `path`: a regular file of at most `maxBytes` of UTF-8 text;
    /// anything else (a directory, a FIFO, a device, a loop of links) is named in the error.
    public static func load(path: String) throws(ConfigError) -> ConfigFile {
        let bytes = try ConfigFileReader.read(path: path, limit: maxBytes)
        // Decoded by the standard library, which repairs bad bytes (so a round trip tells them)
        // and keeps a leading byte order mark for the parser to judge; Foundation's
        // String(bytes:encoding:) drops one, and a file opening with two would pass.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw ConfigError("the config file \(path) is not UTF-8 text")
        }
        return try ConfigFile(text: text, path: path)
    }

    /// Parses `text`; `path` is used in messages only.
    public init(text: String, path: String) throws(ConfigError) {
        self.path = path
        let root: TOMLTable
        do {
            root = try TOMLParser.parse(text)
        } catch {
            throw ConfigError("\(path) line \(error.line): \(error.message)")
        }
        var sources: [NamedSource] = []
        for entry in root.entries {
            guard entry.key == "sources" else {
                throw ConfigError("\(path) line \(entry.line): unknown setting '\(entry.key)'; the file holds [sources.NAME] tables")
            }
            guard case .table(let table) = entry.value else {
                throw ConfigError("\(path) line \(entry.line): 'sources' must hold tables, one per source: [sources.NAME]")
            }
            for source in table.entries {
                guard case .table(let settings) = source.value else {
                    throw ConfigError("\(path) line \(source.line): 'sources.\(source.key)' must be a table: [sources.\(source.key)]")
                }
                sources.append(NamedSource(name: source.key, line: source.line, settings: settings.entries))
            }
        }
        self.sources = sources
    }

    /// What `infinilist @` prints: each source's name and URL as written (a password in it
    /// masked), one a line, or where to write one when there are none.
    public var listing: String {
        guard !sources.isEmpty else { return "\(path) defines no sources; write one as [sources.NAME] with url = \"…\" (see README, \"Configuration\")" }
        // Escaped first, so a name's control characters are shown, never sent, and aligned.
        let names = sources.map { TerminalText.sanitize("@" + $0.name) }
        let width = names.map(\.count).max() ?? 0
        let lines = zip(names, sources).map { name, source -> String in
            let url = source.writtenURL.map { TerminalText.sanitize(Self.withoutUserInfo($0)) } ?? "(no url)"
            let line = name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + url
            // A source that `@NAME` would refuse (one setting spelled twice, a setting a file
            // cannot hold) says so here too; `${VAR}` is not checked, as the listing needs none.
            do throws(ConfigError) {
                _ = try source.arguments(environment: [:], file: path, expanding: false)
                return line
            } catch {
                return line + "\n" + String(repeating: " ", count: width + 2) + "✗ " + error.message
            }
        }
        return "sources in \(path):\n" + lines.joined(separator: "\n")
    }

    /// A URL as listed: whatever comes before the last `@` of its authority-like part and holds a
    /// `:` is masked, however the URL is malformed (`https://u:sec/ret@h/`, `u:secret@host/`):
    /// a listing may hide too much, never a password.
    static func withoutUserInfo(_ url: String) -> String {
        let start = url.firstRange(of: "://")?.upperBound ?? url.startIndex
        guard let at = url[start...].lastIndex(of: "@"), url[start..<at].contains(":") else { return url }
        return String(url[..<start]) + "***" + String(url[at...])
    }

    /// The source called `name`; an error listing the names there are when it is not found.
    public func source(named name: String) throws(ConfigError) -> NamedSource {
        if let source = sources.first(where: { $0.name == name }) { return source }
        let names = sources.map(\.name)
        let known = names.isEmpty ? "it defines no sources" : "it defines: " + names.map { "@" + $0 }.joined(separator: ", ")
        throw ConfigError("no source named @\(name) in \(path); \(known)")
    }
}
