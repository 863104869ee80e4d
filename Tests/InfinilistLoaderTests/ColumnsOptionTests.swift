import InfinilistCore
import InfinilistLoader
import Testing

/// `--columns` is checked with every other option, into the configuration the screen reads.
@Suite struct ColumnsOptionTests {
    private func columns(_ spec: String?, format: String? = nil, url: String? = nil) throws(SourceOptionError) -> ColumnChoice {
        var options = SourceOptions()
        options.columns = spec
        options.format = format
        return try options.validated(url: url).columns
    }

    @Test func noFlagChoosesFromTheFirstPage() throws {
        #expect(try columns(nil) == .auto)
        #expect(try columns(nil, url: "http://127.0.0.1:9/?page={page}") == .auto)
    }

    @Test func formatKeepsSingleLines() throws {
        #expect(try columns(nil, format: "{title}") == .lines)
    }

    @Test func aListIsParsed() throws {
        let choice = try columns("number,user.login=author,created_at:10", url: "http://127.0.0.1:9/?page={page}")
        guard case .given(let specs) = choice else {
            Issue.record("not a given list: \(choice)")
            return
        }
        #expect(specs.map(\.text) == ["number", "user.login=author", "created_at:10"])
    }

    @Test func mistakesAreUsageErrors() {
        #expect(throws: SourceOptionError.self) { try columns("a,,b") }
        do {
            _ = try columns("title", format: "{title}")
            Issue.record("accepted --columns with --format")
        } catch {
            #expect(error.message.hasPrefix("--columns and --format both say what a row shows"))
        }
    }
}
