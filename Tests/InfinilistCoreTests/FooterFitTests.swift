import Testing
@testable import InfinilistCore

/// The footer row of a failed page at the widths terminals have: what the user can do ("r to
/// retry") is at the start and always seen; a long message is cut in its middle, keeping its end.
@Suite struct FooterFitTests {
    private static let message = "HTTP 500 Internal Server Error from api.example.com: the database is warming up, try again later (gave up after 3 retries)"

    private func failedFooter(columns: Int) -> String {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: columns), prefetch: 100)
        if case .loading(let request, _) = state.loading.tail {
            _ = state.update(.pageFailed(PageFailure(request: request, message: Self.message)))
        }
        _ = state.update(.key(.end))
        return render(state).rows[2].text
    }

    @Test func at40Columns() {
        #expect(failedFooter(columns: 40) == "  ✗ page 2 failed (r to retry): HTTP…es)")
    }

    @Test func at80Columns() {
        #expect(failedFooter(columns: 80) == "  ✗ page 2 failed (r to retry): HTTP 500 Internal Server…ave up after 3 retries)")
    }

    @Test func at100Columns() {
        #expect(failedFooter(columns: 100) == "  ✗ page 2 failed (r to retry): HTTP 500 Internal Server Error fro…n later (gave up after 3 retries)")
    }

    @Test func aShortMessageIsWhole() {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: 80), prefetch: 100)
        if case .loading(let request, _) = state.loading.tail {
            _ = state.update(.pageFailed(PageFailure(request: request, message: "HTTP 503")))
        }
        _ = state.update(.key(.end))
        #expect(render(state).rows[2].text == "  ✗ page 2 failed (r to retry): HTTP 503")
    }

    /// A long wait reason keeps the countdown at the end of the row.
    @Test func aLongWaitReasonKeepsTheCountdown() {
        var state = loadedState(pages: 1, size: Size(rows: 4, columns: 60), prefetch: 100)
        guard case .loading(let request, _) = state.loading.tail else { Issue.record("not loading"); return }
        _ = state.update(.pageWaiting(PageWait(request: request, seconds: 0.4, reason: Self.message)))
        _ = state.update(.key(.end))
        let footer = render(state).rows[2].text
        #expect(footer.hasSuffix("— retrying in 0.4 s"), "\(footer)")
        #expect(footer.contains("page 2: HTTP 500"), "\(footer)")
        #expect(DisplayWidth.of(footer) <= 60)
    }

    @Test func theMiddleIsCutByDisplayWidth() {
        #expect(FittedText.middle("abcdefghij", width: 5) == "ab…ij")
        #expect(FittedText.middle("abcdefghij", width: 10) == "abcdefghij")
        // A wide character that would straddle the cut is left out: 2 + 1 + 4 columns.
        #expect(FittedText.middle("日本語のテキスト", width: 7) == "日…スト")
        #expect(FittedText.middle("abc", width: 1) == "…")
        #expect(FittedText.middle("abc", width: 0) == "")
        #expect(FittedText.middle("\u{1b}[31mred", width: 20) == "\\x1B[31mred")
    }
}
