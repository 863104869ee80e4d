@testable import InfinilistCore
import Testing

/// `w` in the core: the view's lines for the file (the rows shown, or the marked items), the
/// question before overwriting, and what the status line says.
@Suite struct ViewWriteTests {
    private func written(_ effects: [Effect]) -> (path: String, lines: [String], overwrite: Bool)? {
        for effect in effects { if case .writeFile(let path, let lines, let overwrite) = effect { return (path, lines, overwrite) } }
        return nil
    }

    private func write(_ name: String, in state: inout AppState) -> [Effect] {
        state.press(.char("w"))
        for character in name { state.press(.char(character)) }
        return state.update(.key(.enter))
    }

    @Test func theRowsShownAreWrittenAsTheExtensionSays() throws {
        var state = loadedState(pages: 3)
        let effects = write("out.jsonl", in: &state)
        let file = try #require(written(effects))
        #expect(file.path == "out.jsonl")
        #expect(file.lines == (0..<30).map { "{\"n\":\($0)}" })
        #expect(!file.overwrite)
        _ = state.update(.fileWritten(.written(path: "out.jsonl")))
        #expect(state.notice?.text == "wrote 30 rows to out.jsonl")
    }

    @Test func spacesAroundTheNameAreNotPartOfIt() throws {
        var state = loadedState(pages: 1)
        let file = try #require(written(write("  out.jsonl ", in: &state)))
        #expect(file.path == "out.jsonl")
    }

    @Test func theMarkedItemsAloneWhenAnyAreMarked() throws {
        var state = loadedState(pages: 2)
        state.press(.home)
        state.press(.tab)
        state.press(.tab)
        let file = try #require(written(write("marked.json", in: &state)))
        #expect(file.lines == ["[{\"n\":0}", ",{\"n\":1}", "]"])
    }

    @Test func anExistingFileIsKeptUnlessYIsPressed() throws {
        var state = loadedState(pages: 1)
        _ = write("out.csv", in: &state)
        _ = state.update(.fileWritten(.exists(path: "out.csv")))
        // On this narrow screen the name gives way first; the question stays.
        #expect(render(state).rows.last?.text.contains("exists: overwrite it?") == true, "\(render(state).text)")
        let kept = state.update(.key(.char("n")))
        #expect(written(kept) == nil)
        #expect(state.notice?.text == "out.csv not written: it exists, and was kept")
        _ = write("out.csv", in: &state)
        _ = state.update(.fileWritten(.exists(path: "out.csv")))
        let again = try #require(written(state.update(.key(.char("y")))))
        #expect(again.overwrite)
        _ = state.update(.fileWritten(.failed(path: "out.csv", reason: "No space left on device")))
        #expect(state.notice?.text == "out.csv not written: No space left on device")
    }

    @Test func rowsOfDroppedPagesAreLeftOutAndCounted() throws {
        var state = loadedState(pages: 3)
        state.store.drop(page: 1)
        let file = try #require(written(write("out.jsonl", in: &state)))
        #expect(file.lines.count == 20)
        _ = state.update(.fileWritten(.written(path: "out.jsonl")))
        #expect(state.notice?.text == "wrote 20 rows to out.jsonl; 10 rows of pages no longer in memory left out")
    }
}
