import CPipe
import Foundation
import Glibc
import InfinilistCore
import InfinilistLoader

/// A real pipe (pipe(2)): the test writes, the source reads its other end through /dev/fd/N, as
/// it reads a pipe given as a file or on standard input (not seekable, so spooled).
final class TestPipe: @unchecked Sendable {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        // Close-on-exec from the start (`pipe2`, not `fcntl` after): a process another test
        // spawns meanwhile must not keep the write end open, or the reader would never see the
        // end of the input, and would hold a thread of the test pool while it waits.
        guard cpipe_cloexec(&ends, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    var path: String { "/dev/fd/\(readEnd)" }

    func write(_ text: String) { write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress! + done, bytes.count - done) }
            if count <= 0 { return }
            done += count
        }
    }

    func closeWriting() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    deinit {
        closeWriting()
        close(readEnd)
    }
}

/// A file in a fresh temporary folder, removed with the folder.
final class TestFile {
    let folder: URL
    let path: String

    init(_ bytes: [UInt8], name: String = "input.jsonl") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    convenience init(_ text: String, name: String = "input.jsonl") throws {
        try self.init(Array(text.utf8), name: name)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

enum StreamTest {
    /// The stream source for `path`, as the command line builds it.
    static func source(
        _ path: String, pageSize: Int = 50, itemsPath: String? = nil, maxValueBytes: Int? = nil,
        spoolMax: Int? = nil, readOnce: Bool = false, format: String? = nil, environment: [String: String] = [:]
    ) throws -> any PageSource {
        var options = SourceOptions()
        options.environment = environment
        options.input = .file(path)
        options.streamPageSize = pageSize
        options.itemsPath = itemsPath
        options.format = format
        if let maxValueBytes { options.maxPageBytes = maxValueBytes }
        if let spoolMax { options.spoolMax = spoolMax }
        options.streamReadOnce = readOnce
        return try PageSources.make(url: nil, options: options)
    }

    /// Every page walked to the end, then each read again by its key (from the file or the
    /// spool, as a dropped page is): the pages' items' JSON, and the same read again.
    static func readAllThenAgain(_ source: any PageSource) async throws -> (pages: [[String]], again: [[String]]) {
        var walk = source.startWalk()
        var pages: [(PageKey, [String])] = []
        var index = 0
        while let key = walk.key(for: index) {
            let page = source.page(from: try await source.fetch(key), key: key, kind: .next, walk: &walk)
            pages.append((key, page.items.map(\.json)))
            if page.end != nil { break }
            index += 1
        }
        var again: [[String]] = []
        for (key, _) in pages {
            again.append(source.page(from: try await source.fetch(key), key: key, kind: .refetch, walk: &walk).items.map(\.json))
        }
        return (pages.map(\.1), again)
    }

    /// Every page, walked as the loader walks it, until the end: the pages' items' JSON.
    static func readAll(_ source: any PageSource, pages limit: Int = 1000) async throws -> (pages: [[String]], end: EndReason?, warnings: [String]) {
        var walk = source.startWalk()
        var pages: [[String]] = []
        var warnings: [String] = []
        var index = 0
        while index < limit, let key = walk.key(for: index) {
            let page = source.page(from: try await source.fetch(key), key: key, kind: .next, walk: &walk)
            pages.append(page.items.map(\.json))
            if let warning = page.warning { warnings.append(warning) }
            if let end = page.end { return (pages, end, warnings) }
            index += 1
        }
        return (pages, nil, warnings)
    }
}

extension TestPipe {
    /// Writes `text` `times` times from a dispatch thread, off Swift's cooperative pool: a write to
    /// a full pipe waits until the reader takes some, and must not hold one of the pool's threads.
    func writeOffPool(_ text: String, times: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for _ in 0..<times { self.write(text) }
                continuation.resume()
            }
        }
    }
}
