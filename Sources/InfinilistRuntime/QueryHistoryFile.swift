import Foundation

/// The `|` prompt's history across runs: `$XDG_STATE_HOME/infinilist/jq_history` (by default
/// `~/.local/state/infinilist/jq_history`), one program a line, oldest first, the latest
/// `kept` kept, readable by its owner only (a program may hold a string one would not share).
public struct QueryHistoryFile: Sendable {
    public let path: String
    /// Programs kept; older ones are forgotten.
    public static let kept = 500
    /// The most bytes read: a longer file is not a history this program wrote.
    static let maxBytes = 1 << 20

    public init(path: String) { self.path = path }

    /// Where the file is: `$XDG_STATE_HOME` when it is an absolute path, else
    /// `$HOME/.local/state`; nil when neither is set.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") {
            return base + "/infinilist/jq_history"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state/infinilist/jq_history"
        }
        return nil
    }

    /// The programs kept, oldest first; none when the file is missing, unreadable or too long.
    public func load() -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.maxBytes + 1), data.count <= Self.maxBytes else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// Adds `program` as the latest (moving it when it was there), keeping the latest `kept`.
    /// The file is written whole beside itself and renamed over, so a crash leaves the old one.
    public func remember(_ program: String) throws {
        guard !program.contains("\n") else { return }
        var programs = load().filter { $0 != program }
        programs.append(program)
        programs = Array(programs.suffix(Self.kept))
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".\(getpid()).new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((programs.joined(separator: "\n") + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
