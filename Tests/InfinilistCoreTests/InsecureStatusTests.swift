import Testing
@testable import InfinilistCore

/// With `-k` the status line says `insecure` for the whole session, next to the position, so a
/// narrow screen drops every other part first.
@Suite struct InsecureStatusTests {
    private func statusText(insecure: Bool, columns: Int) -> String {
        var config = AppConfig(sourceName: "api.example.com/items")
        config.insecure = insecure
        var state = AppState(config: config, size: Size(rows: 4, columns: columns))
        _ = state.start()
        return render(state).rows[3].text
    }

    @Test func theStatusLineSaysInsecure() {
        #expect(statusText(insecure: true, columns: 60).hasSuffix("no rows · insecure · ⠋ loading "))
        #expect(!statusText(insecure: false, columns: 60).contains("insecure"))
    }

    @Test func aNarrowScreenKeepsItAfterThePosition() {
        #expect(statusText(insecure: true, columns: 28).hasSuffix("no rows · insecure "))
    }
}
