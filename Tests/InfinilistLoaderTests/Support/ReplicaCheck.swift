import Foundation
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

/// One API replica walked end to end: where to start, with which flags, and what must come out.
struct ReplicaCase: Sendable, CustomTestStringConvertible {
    /// The URL template after `http://127.0.0.1:PORT`.
    var path: String
    var options = SourceOptions()
    /// Where each dumped item's identity is, to compare with `ids`.
    var idPath = "id"
    /// Every item, in order, exactly once.
    var ids: [String]
    /// Every request the server must see, in order (path and query, percent-decoded): no request
    /// past the known end.
    var requests: [String]
    /// Method and body of every request that is not a GET, in order (`POST {"page_size":10}`),
    /// when the API pages with a body.
    var bodies: [String] = []
    /// The end reason: after "stopped: " in `-v`, in the footer row and in `--dump -v`'s last line.
    var end: String
    /// `-v` lines that must appear (the style's decisions).
    var notes: [String] = []
    /// The total the status line must show.
    var total: Int?
    /// The screen's page window (`--keep`), for lists longer than the default window.
    var keep: Int?

    var testDescription: String { path }
}

/// Runs a `ReplicaCase` twice, each time against a fresh test server: through `--dump`'s `Dumper`
/// and through the screen model (`AppState` + `Loader`), checking items, order, duplicates, the
/// server's request log, the end reason and the `-v` notes.
enum ReplicaCheck {
    static func run(_ replica: ReplicaCase, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withTestServer { base, log in
            // As `--dump` reads (SourceFactory): JSON lines need no row text, so the items are
            // kept as compact JSON, never parsed into trees (decision 88).
            var options = replica.options
            options.rowText = options.format != nil
            options.compactItemsAfter = 0   // however small the replica's pages
            let source = try HTTPSource(url: base + replica.path, options: options)
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == 0, "dump failed: \(errors.lines.last ?? "")", sourceLocation: sourceLocation)
            let ids = output.lines.map { line in
                (try? JSONParser.parse(line)).flatMap { json in
                    (try? JSONPath(parsing: replica.idPath)).flatMap { json[$0]?.scalarText }
                } ?? "?"
            }
            check(ids: ids, requests: decoded(log.all), notes: errors.lines, replica, "dump", sourceLocation)
            #expect(log.bodies == replica.bodies, "dump: bodies", sourceLocation: sourceLocation)
            #expect(errors.lines.last == "end: \(replica.end) (\(ids.count) item\(ids.count == 1 ? "" : "s"))", sourceLocation: sourceLocation)
        }
        try await withTestServer { base, log in
            let source = try HTTPSource(url: base + replica.path, options: replica.options)
            let run = await ScreenModel.browse(source: source, keep: replica.keep)
            await source.close()
            let ids = run.items.map { item in
                item.flatMap { try? JSONParser.parse($0.json) }.flatMap { json in
                    (try? JSONPath(parsing: replica.idPath)).flatMap { json[$0]?.scalarText }
                } ?? "?"
            }
            check(ids: ids, requests: decoded(log.all), notes: run.notes, replica, "screen", sourceLocation)
            #expect(log.bodies == replica.bodies, "screen: bodies", sourceLocation: sourceLocation)
            #expect(run.tail == .ended(EndReason(replica.end)), "screen: \(run.footer)", sourceLocation: sourceLocation)
            #expect(run.footer.contains("· \(replica.end) —"), "screen footer: \(run.footer)", sourceLocation: sourceLocation)
            if let total = replica.total {
                #expect(run.total == total, "screen total", sourceLocation: sourceLocation)
            }
        }
    }

    private static func check(
        ids: [String], requests: [String], notes: [String], _ replica: ReplicaCase, _ via: String, _ location: SourceLocation
    ) {
        #expect(ids == replica.ids, "\(via): items", sourceLocation: location)
        #expect(Set(ids).count == ids.count, "\(via): duplicates", sourceLocation: location)
        #expect(requests == replica.requests, "\(via): requests", sourceLocation: location)
        #expect(notes.contains("stopped: \(replica.end)"), "\(via): notes \(notes)", sourceLocation: location)
        for note in replica.notes {
            #expect(notes.contains(note), "\(via): missing note '\(note)' in \(notes)", sourceLocation: location)
        }
    }

    /// The log's entries percent-decoded, so expectations read like the URLs people type.
    static func decoded(_ entries: [String]) -> [String] {
        entries.map { $0.removingPercentEncoding ?? $0 }
    }
}
