@testable import InfinilistLoader
import Testing
@testable import TOML

/// `text` must not parse: the error is at `line` and its message contains `mention`.
func expectTOMLError(_ text: String, line: Int, mention: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try TOMLParser.parse(text)
        Issue.record("parsed: \(text.debugDescription)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(mention), "\(error)", sourceLocation: sourceLocation)
    }
}
