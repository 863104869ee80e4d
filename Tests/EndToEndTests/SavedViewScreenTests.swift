import Foundation
import Testing

/// Saved views on a real terminal (issue 36): `V` writes the view into the config file, keeping
/// the file's comments and order, `@NAME` opens it again and `--view NAME` lays it over another
/// list.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end view tests skipped"))
struct SavedViewScreenTests {
    static let config = """
        # sources for the demo
        [sources.demo]
        demo-latency = 0   # no waiting
        demo-items = 40
        columns = "id,title,comments"

        [sources.other]
        demo-items = 5

        """

    @Test func vSavesTheViewAndAtNameOpensIt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory(Self.config)
        let file = config.directory.url.appendingPathComponent("infinilist/config.toml").path
        let tmux = try await TmuxSession(arguments: ["@demo"], environment: config.environment)
        defer { tmux.close() }
        try await tmux.waitFor("the table") { $0.first?.hasSuffix("comments") == true && $0.count > 20 }
        // Sort by comments, largest first: `s`, the picker to the third field, `s`; `s s` reverses.
        try tmux.send("s")
        try await tmux.waitFor(text: "s: sort by the field")
        try tmux.send("j", "j", "s")
        try await tmux.waitFor(text: "sorted by comments ↑")
        try tmux.send("s", "s")
        try await tmux.waitFor(text: "sorted by comments ↓")
        try tmux.send("V")
        try await tmux.waitFor(text: "save view as @demo")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "updated view @demo in")
        let updated = try String(contentsOfFile: file, encoding: .utf8)
        #expect(updated == Self.config.replacingOccurrences(of: "columns = \"id,title,comments\"\n", with: "columns = \"id,title,comments\"\nsort = \"comments:desc\"\n"), "\(updated)")
        // A new name: a table of its own at the end, with the demo's settings copied.
        try tmux.send("V", "C-u")
        try tmux.send("mine")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "saved view @mine in")
        // Another source's name is replaced only after `y`.
        try tmux.send("V", "C-u")
        try tmux.send("other")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "@other exists: replace its view?")
        try tmux.send("n")
        try await tmux.waitFor(text: "view @other not saved: @other exists, and was kept")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.hasPrefix(updated))
        #expect(saved.hasSuffix("\n[sources.mine]\ndemo-latency = 0   # no waiting\ndemo-items = 40\ncolumns = \"id,title,comments\"\nsort = \"comments:desc\"\n"), "\(saved)")

        let reopened = try await TmuxSession(arguments: ["@mine"], environment: config.environment)
        defer { reopened.close() }
        try await reopened.waitFor(text: "sorted by comments ↓ · all 40")
        try reopened.send("q")
        #expect(try await reopened.waitForExit() == 0)
    }

    /// `--view` takes the view's settings, not its source: here over the demo with 12 items, and
    /// a flag on the command line wins over the view's.
    @Test func viewLaysASavedViewOverAnotherList() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try ConfigDirectory("[sources.v]\nurl = \"https://example.invalid/\"\ncolumns = \"id,comments\"\nsort = \"comments\"\nfilter = \"1\"\n")
        let tmux = try await TmuxSession(arguments: ["--view", "v", "--demo-latency", "0", "--demo-items", "12", "--sort", "id:desc"], environment: config.environment)
        defer { tmux.close() }
        // The footer says "filter" and "sorted" from the first frame, before page 1 is in: wait for the table's header.
        let rows = try await tmux.waitFor("the filtered, sorted table") { $0.first?.contains("comments") == true && $0.last?.contains("sorted by id ↓") == true && $0.last?.contains("filter: 1") == true }
        #expect(rows.first?.contains("title") == false, "\(rows)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
        let missing = try await ProcessRun.run(Binary.path, ["--view", "nope", "--demo-items", "1"], environment: config.environment)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--view nope: no source named @nope in"), "\(missing.stderr)")
    }
}
