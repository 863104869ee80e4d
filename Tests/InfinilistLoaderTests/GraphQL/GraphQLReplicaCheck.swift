import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

/// One GraphQL replica walked to its end: the flags, and what must come out: every item in
/// order, once, and exactly these request bodies (all POSTs of JSON to the one URL), so no
/// request goes past the end and every cursor went where it belongs.
struct GraphQLReplicaCase: Sendable, CustomTestStringConvertible {
    /// The URL's path after `http://127.0.0.1:PORT`.
    var path: String
    var options: SourceOptions
    /// Where each item's identity is, to compare with `ids`.
    var idPath = "id"
    var ids: [String]
    /// Every body the server must receive, in order, byte for byte.
    var bodies: [String]
    /// The end reason: after "stopped: " in `-v`, in the footer row and in `--dump`'s last line.
    var end: String
    /// `-v` lines that must appear.
    var notes: [String] = []
    /// The total the status line must show.
    var total: Int?
    /// Whether a page came with errors beside its data: the dump then exits 1, having written
    /// every item that came, and says so last.
    var partial = false
    /// Whether paging stopped though the server said there is more: the dump exits 1 too.
    var stoppedShort = false
    var exitsNonZero: Bool { partial || stoppedShort }

    var testDescription: String { path }
}

/// Runs a `GraphQLReplicaCase` twice, each against a fresh server: through `--dump`'s `Dumper`
/// and through the screen model (`AppState` + `Loader` on the real event loop).
enum GraphQLReplicaCheck {
    static func run(_ replica: GraphQLReplicaCase, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withGraphQLServer { base, log in
            let source = try HTTPSource(url: base + replica.path, options: replica.options)
            let output = LineCollector()
            let errors = LineCollector()
            let status = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
            await source.close()
            #expect(status == (replica.exitsNonZero ? 1 : 0), "dump: \(errors.lines.last ?? "")", sourceLocation: sourceLocation)
            let ids = output.lines.map { id(inLine: $0, replica.idPath) }
            check(ids: ids, log: log, notes: errors.lines, replica, "dump", sourceLocation)
            let summary = replica.stoppedShort
                ? "infinilist: \(ids.count) items written, but paging stopped short of the list's end (said above)"
                : "infinilist: \(ids.count) items written, but part of the list was not readable (said above)"
            #expect(!replica.exitsNonZero || errors.lines.last == summary, "\(errors.lines)", sourceLocation: sourceLocation)
            #expect(errors.lines.dropLast(replica.exitsNonZero ? 1 : 0).last == "end: \(replica.end) (\(ids.count) item\(ids.count == 1 ? "" : "s"))", sourceLocation: sourceLocation)
        }
        try await withGraphQLServer { base, log in
            let source = try HTTPSource(url: base + replica.path, options: replica.options)
            let run = await ScreenModel.browse(source: source)
            await source.close()
            let ids = run.items.map { item in item.map { id(inLine: $0.json, replica.idPath) } ?? "?" }
            check(ids: ids, log: log, notes: run.notes, replica, "screen", sourceLocation)
            #expect(run.tail == .ended(replica.stoppedShort ? EndReason(stoppedShort: replica.end) : EndReason(replica.end)), "screen: \(run.footer)", sourceLocation: sourceLocation)
            #expect(run.footer.contains("· \(replica.end) —"), "screen footer: \(run.footer)", sourceLocation: sourceLocation)
            #expect(run.total == replica.total, "screen total", sourceLocation: sourceLocation)
        }
    }

    private static func check(ids: [String], log: GraphQLLog, notes: [String], _ replica: GraphQLReplicaCase, _ via: String, _ location: SourceLocation) {
        #expect(ids == replica.ids, "\(via): items", sourceLocation: location)
        #expect(Set(ids).count == ids.count, "\(via): duplicates", sourceLocation: location)
        #expect(log.allRequests == Array(repeating: "POST \(replica.path)", count: replica.bodies.count), "\(via): requests", sourceLocation: location)
        #expect(log.allContentTypes.allSatisfy { $0 == "application/json" }, "\(via): content types \(log.allContentTypes)", sourceLocation: location)
        let bodies = log.allBodies
        #expect(bodies.count == replica.bodies.count, "\(via): \(bodies.count) bodies, not \(replica.bodies.count)", sourceLocation: location)
        for (index, (sent, expected)) in zip(bodies, replica.bodies).enumerated() {
            #expect(sent == expected, "\(via): body \(index + 1)", sourceLocation: location)
        }
        #expect(notes.contains("stopped: \(replica.end)"), "\(via): notes \(notes)", sourceLocation: location)
        for note in replica.notes {
            #expect(notes.contains(note), "\(via): missing note '\(note)' in \(notes)", sourceLocation: location)
        }
    }

    static func id(inLine line: String, _ path: String) -> String {
        (try? JSONParser.parse(line)).flatMap { json in (try? JSONPath(parsing: path)).flatMap { json[$0]?.scalarText } } ?? "?"
    }

    /// The body infinilist sends: `{"query":…,"variables":{…}}`, written out here by hand (the
    /// query has no character JSON escapes) so the expectation does not reuse the code under test.
    static func body(_ query: String, _ variables: String) -> String {
        #"{"query":"\#(query)","variables":{\#(variables)}}"#
    }
}

extension SourceOptions {
    /// The options of a `--graphql` command line.
    static func graphQL(_ query: String, vars: [String] = [], cursorVariable: String? = nil, items: String? = nil) -> SourceOptions {
        var options = SourceOptions()
        options.graphQL = query
        options.graphQLVariables = vars
        options.cursorVariable = cursorVariable
        options.itemsPath = items
        options.retry.retries = 0
        return options
    }
}
