import Foundation
import TestSupport
import Testing

/// `--format` and `--columns` say what a row of a file or a pipe shows, as they do for a URL,
/// even when the items have the fields (`number`, `user`, `state`, `created_at`) that would
/// otherwise make the automatic table.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end stream tests skipped"))
struct StreamRowShapeScreenTests {
    /// Items an issue list would show as a table.
    static let issueLines = (0..<5).map { #"{"id":\#($0),"title":"t\#($0)","state":"open","user":{"login":"u\#($0)"},"number":\#($0 + 100)}"# + "\n" }.joined()

    @Test func formatGivesOneLineAFileItemEvenWhereATableWouldBeChosen() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let file = folder.file("issues.jsonl")
        try Data(Self.issueLines.utf8).write(to: file)
        let tmux = try await TmuxSession(arguments: ["--format", "{id}:{title}", file.path])
        defer { tmux.close() }
        let rows = try await tmux.waitFor("five formatted rows") { StatusCounts($0)?.loaded == 5 && $0.count > 5 }
        #expect(rows[0].hasPrefix("> 0:t0"), "\(rows[0])")
        #expect(rows[4].hasPrefix("  4:t4"), "\(rows[4])")
        #expect(!rows.contains { $0.contains("open") }, "no table's state column: \(rows)")
        try await tmux.quitAndExpectRestored()
    }

    @Test func columnsChooseTheTableOfAPipe() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let folder = try TemporaryDirectory()
        let file = folder.file("issues.jsonl")
        try Data(Self.issueLines.utf8).write(to: file)
        let tmux = try await TmuxSession(arguments: ["--columns", "title=name,user.login=who"], stdin: .pipe(from: "cat " + TmuxSession.shellQuoted(file.path)))
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the chosen columns") { StatusCounts($0)?.loaded == 5 && $0.first?.contains("who") == true }
        #expect(rows[0].hasPrefix("  name"), "\(rows[0])")
        #expect(!rows[0].contains("state"), "\(rows[0])")
        #expect(rows[1].hasPrefix("> t0"), "\(rows[1])")
        #expect(rows[1].hasSuffix("u0"), "\(rows[1])")
        try await tmux.quitAndExpectRestored()
    }

    /// `kubectl get pods -o json | infinilist --items items`: a table of name, phase and age read
    /// one level into `metadata` and `status`, as k9s shows pods (issue 33.6; before, raw JSON).
    @Test func kubernetesPodsFromAPipeAreATableOfNamePhaseAndAge() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let pods = (1...4).map { n in
            #"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-\#(n)","namespace":"default","creationTimestamp":"2026-11-2\#(n)T10:00:00Z"},"spec":{"nodeName":"node-1"},"status":{"phase":"\#(n == 2 ? "Pending" : "Running")"}}"#
        }
        let list = #"{"apiVersion":"v1","kind":"List","items":[\#(pods.joined(separator: ","))],"metadata":{"resourceVersion":""}}"#
        let folder = try TemporaryDirectory()
        let file = folder.file("pods.json")
        try Data(list.utf8).write(to: file)
        let tmux = try await TmuxSession(arguments: ["--items", "items"], stdin: .pipe(from: "cat " + TmuxSession.shellQuoted(file.path)))
        defer { tmux.close() }
        let rows = try await tmux.waitFor("the pods' table") { StatusCounts($0)?.loaded == 4 && $0.first?.contains("phase") == true }
        #expect(rows[0].hasPrefix("  name"), "\(rows[0])")
        #expect(rows[0].contains("creationTimestamp"), "\(rows[0])")
        #expect(rows[1].hasPrefix("> web-1"), "\(rows[1])")
        #expect(rows[2].contains("Pending"), "\(rows[2])")
        #expect(!rows.contains { $0.contains("apiVersion") }, "no raw JSON: \(rows)")
        try await tmux.quitAndExpectRestored()
    }
}
