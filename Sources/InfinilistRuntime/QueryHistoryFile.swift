import Foundation
import InfinilistLoader

/// The `|` prompt's history across runs: `$XDG_STATE_HOME/infinilist/jq_history` (by default
/// `~/.local/state/infinilist/jq_history`), one program a line, oldest first, the latest
/// `kept` kept, readable by its owner only (a program may hold a string one would not share).
public struct QueryHistoryFile: Sendable {
    public let path: String
    /// Programs kept; older ones are forgotten.
    public static let kept = 500
    /// The most bytes kept: the oldest programs go first past it (a few long pasted programs must
    /// not make the file unreadable, nor the next write forget everything).
    static let maxBytes = 1 << 20

    public init(path: String) { self.path = path }

    /// Where the file is: `$XDG_STATE_HOME` when it is an absolute path, else
    /// `$HOME/.local/state`; nil when neither is set.
    public static func defaultPath(environment: [String: String]) -> String? {
        XDGPath.file("jq_history", in: .state, environment: environment)
    }

    /// The programs kept, oldest first (of a longer file, the latest `maxBytes`); none when the
    /// file is missing or unreadable.
    public func load() -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        let fromMiddle = size > UInt64(Self.maxBytes)
        try? handle.seek(toOffset: fromMiddle ? size - UInt64(Self.maxBytes) : 0)
        guard let data = try? handle.read(upToCount: Self.maxBytes) else { return [] }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Read from the middle of a file, the first line is a part of one.
        if fromMiddle, !lines.isEmpty { lines.removeFirst() }
        return lines.map(String.init).filter { !$0.isEmpty }
    }

    /// Adds `program` as the latest (moving it when it was there), keeping the latest `kept`.
    /// The file is written whole beside itself and renamed over, so a crash leaves the old one.
    public func remember(_ program: String) throws {
        guard !program.contains("\n") else { return }
        var programs = load().filter { $0 != program }
        programs.append(program)
        programs = Array(programs.suffix(Self.kept))
        var bytes = programs.reduce(0) { $0 + $1.utf8.count + 1 }
        while bytes > Self.maxBytes, programs.count > 1 {
            bytes -= programs.removeFirst().utf8.count + 1
        }
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
