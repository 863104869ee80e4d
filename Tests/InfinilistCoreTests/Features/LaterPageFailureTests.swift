import Testing
@testable import InfinilistCore

/// A later page that fails: the footer row cuts its error in the middle, so the whole error is
/// said above the status line until the next key (issue 33: the advice was in the part cut).
@Suite struct LaterPageFailureTests {
    private let message = "page 2 is not JSON (HTTP 200, text/html, 116 bytes): <html>Service temporarily unavailable</html> (unexpected character '<' at byte 0)"

    @Test func theWholeErrorIsShownAboveTheStatusLineUntilTheNextKey() throws {
        var state = loadedState(pages: 1, pageSize: 10, size: Size(rows: 12, columns: 60), prefetch: 0)
        state.press(.char("G"))
        let request = try #require(state.inFlight)
        _ = state.update(.pageFailed(PageFailure(request: request, message: message)))
        let shown = render(state).rows.map(\.text).joined(separator: " ")
        // Wrapped over the rows above the status line: every word of it is there.
        for word in ["unavailable</html>", "(unexpected", "character", "'<'", "at", "byte", "0)"] {
            #expect(shown.contains(word), "\(word) not in \(shown)")
        }
        #expect(shown.contains("page 2 failed (r to retry)"))
        state.press(.char("k"))
        #expect(state.notice == nil)
        #expect(!render(state).rows.map(\.text).joined().contains("(unexpected character"))
    }

    @Test func theFirstPagesErrorIsNotSaidTwice() throws {
        var state = AppState(config: AppConfig(sourceName: "test"), size: Size(rows: 12, columns: 60))
        _ = state.start()
        let request = try #require(state.inFlight)
        _ = state.update(.pageFailed(PageFailure(request: request, message: message)))
        #expect(state.notice == nil)
    }
}
