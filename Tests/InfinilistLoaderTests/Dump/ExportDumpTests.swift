import Glibc
@testable import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import JQ
import Testing

/// `--dump --output`: csv and tsv with a header and the table's columns, one JSON array closed
/// however the dump ends (an interruption included), and a jq program's outputs exported alike.
@Suite struct ExportDumpTests {
    private func dump(_ export: Export, items: Int = 120, jq: String? = nil) async throws -> [String] {
        let output = LineCollector()
        var dumper = Dumper()
        dumper.export = export
        if let jq { dumper.query = JQItemQuery(program: try JQProgram(jq)) }
        let status = await dumper.run(source: DemoSource(items: items, pageSize: 50, latency: .zero), output: output, errors: LineCollector())
        #expect(status == 0)
        return output.lines
    }

    @Test func csvHasAHeaderThenALineAnItemQuotedOnlyWhereNeeded() async throws {
        let specs = try ColumnSpec.parseList("id,title,author=by,score")
        let lines = try await dump(Export(format: .csv, columns: specs))
        #expect(lines.count == 121)
        #expect(lines[0] == "id,title,by,score")
        let fields = lines.dropFirst().map(CSV.fields)
        #expect(fields.allSatisfy { $0.count == 4 }, "\(lines.prefix(5))")
        #expect(fields.map { Int($0[0]) } == (1...120).map { Optional($0) })
        // A title with commas is quoted, and reads back whole.
        let quoted = try #require(lines.first { $0.contains("\"混合テキスト") })
        #expect(CSV.fields(quoted)[1].contains("mixed with English, 한국어"))
    }

    @Test func tsvEscapesAsJqsTsvDoes() throws {
        var export = Export(format: .tsv, columns: [ColumnSpec(path: JSONPath([.key("a")])), ColumnSpec(path: JSONPath([.key("b")]))])
        let value = try JSONParser.parse(#"{"a":"x\ty\\z\nw\rv","b":[1,null]}"#)
        #expect(export.lines(for: [value], json: [value.compactJSON]) == ["a\tb", #"x\ty\\z\nw\rv"# + "\t[1,null]"])
    }

    @Test func withoutColumnsTheTablesChoiceIsUsedAndScalarsAreOneColumn() async throws {
        let lines = try await dump(Export(format: .csv), items: 10)
        #expect(lines[0].hasPrefix("title,"), "\(lines[0])")
        let titles = try await dump(Export(format: .csv), items: 3, jq: ".title")
        #expect(titles.first == "value")
        #expect(titles.count == 4)
    }

    /// Objects with no title-like field (what a program makes) are written with every field,
    /// not as one column of JSON (a hostile pass found `{id, name}` written so).
    @Test func objectsWithoutATitleAreWrittenWithTheirFields() async throws {
        let lines = try await dump(Export(format: .csv), items: 3, jq: "{id, n: .comments}")
        #expect(lines.first == "id,n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("1,"))
    }

    @Test func jsonIsOneArrayOfTheItems() async throws {
        let lines = try await dump(Export(format: .json), items: 120)
        let array = try JSONParser.parse(lines.joined(separator: "\n"))
        guard case .array(let items) = array else { Issue.record("not an array: \(lines.prefix(2))"); return }
        #expect(items.count == 120)
        let empty = try await dump(Export(format: .json), items: 0)
        #expect(empty == ["[]"])
    }

    /// Interrupted after its first line, the array is still closed: valid JSON of what was
    /// written. The output itself raises the signal, so nothing is timed.
    @Test func anInterruptedJsonExportIsStillAnArray() async throws {
        let inbox = try Inbox()
        let output = InterruptingOutput(inbox: inbox)
        var dumper = Dumper()
        dumper.export = Export(format: .json)
        let source = DemoSource(items: 10_000, pageSize: 50, latency: .milliseconds(50))
        let outcome = await dumper.runOnItsOwnThread(source: source, inbox: inbox, output: output, errors: LineCollector())
        #expect(outcome.exit == .signal(SIGINT))
        #expect(output.lines.last == "]")
        let array = try JSONParser.parse(output.lines.joined(separator: "\n"))
        guard case .array(let items) = array else { Issue.record("not an array"); return }
        #expect(items.count >= 50 && items.count < 10_000)
    }
}

extension ExportDumpTests {
    /// Interrupted, `--count` writes nothing (not even a closed array) and says so; its verbose
    /// line about the first page raises the signal.
    @Test func anInterruptedCountWritesNothingAndSaysSo() async throws {
        let inbox = try Inbox()
        let errors = InterruptingOutput(inbox: inbox)
        let output = LineCollector()
        var dumper = Dumper(verbose: true)
        dumper.countField = Counting(path: JSONPath([.key("topic")]), name: "topic")
        dumper.export = Export(format: .json)
        let outcome = await dumper.runOnItsOwnThread(source: DemoSource(items: 10_000, pageSize: 50, latency: .milliseconds(50)), inbox: inbox, output: output, errors: errors)
        #expect(outcome.exit == .signal(SIGINT))
        #expect(output.lines.isEmpty)
        #expect(errors.lines.last?.hasSuffix("; --count wrote nothing") == true, "\(errors.lines)")
    }
}

/// Collects lines and posts SIGINT to the dump's inbox after the first one.
private final class InterruptingOutput: LineOutput {
    private let inbox: Inbox
    private(set) var lines: [String] = []
    init(inbox: Inbox) { self.inbox = inbox }
    func write(line: String) {
        lines.append(line)
        if lines.count == 1 { inbox.post(.signal(SIGINT)) }
    }
    func write(text: SharedText) { write(line: text.string) }
    func flush() {}
}

/// Reads one RFC 4180 line back into fields (no line breaks inside fields here).
enum CSV {
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
