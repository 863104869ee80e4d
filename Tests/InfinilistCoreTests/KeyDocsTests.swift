import Testing
import Foundation
@testable import InfinilistCore

/// docs/keys.md is written by hand for readability; this keeps it in step with the key table.
@Suite struct KeyDocsTests {
    @Test func everyBindingIsDocumented() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for binding in KeyMap.all.flatMap({ $0 }) {
            // A `|` in a table cell is written `\|`, even in a code span (GitHub's tables).
            let keys = binding.keyNames().map { "`\($0.replacingOccurrences(of: "|", with: "\\|"))`" }.joined(separator: " ")
            #expect(text.contains("| \(keys) | \(binding.help) |"), "docs/keys.md lacks: \(keys) \(binding.help)")
        }
    }
}
