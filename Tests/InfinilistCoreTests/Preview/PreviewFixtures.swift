@testable import InfinilistCore

/// Stories shaped as the demo feed's, with ids 1…n.
enum PreviewFixtures {
    static func story(_ n: Int, title: String? = nil) -> String {
        #"{"id":\#(n),"title":"\#(title ?? "Story number \(n)")","author":"ann","score":\#(n * 7),"comments":\#(n),"created_at":"2026-11-23T17:00:00Z"}"#
    }

    static func stories(_ count: Int) -> [String] { (1...count).map { story($0) } }
}

/// A table (or, with `columns: .lines`, single lines) of `jsons`, the preview set up as asked.
func previewState(_ jsons: [String], size: Size, position: PreviewPosition = .right, percent: Int = 50,
                  opens: Bool = true, columns: ColumnChoice = .auto, end: EndReason? = EndReason("end")) -> AppState {
    var config = AppConfig(sourceName: "test", prefetch: 0)
    config.columns = columns
    config.preview = PreviewSettings(opens: opens, position: position, percent: percent)
    var state = AppState(config: config, size: size)
    _ = state.update(.wallClock(TableFixtures.now))
    guard case .load(let request)? = state.start().first else { return state }
    _ = state.update(.pageLoaded(PageResult(request: request, items: jsonItems(jsons), end: end)))
    return state
}
