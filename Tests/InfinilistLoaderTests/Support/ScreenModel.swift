import Glibc
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime

/// What the screen showed after browsing a list to its end.
struct ScreenRun {
    /// Every row's item, in order (nil for a row whose page is not in memory).
    let items: [Item?]
    let tail: TailState
    /// The footer row's text ("— end · 45 items · has_more=false —").
    let footer: String
    /// The total the status line shows, if the API reported one.
    let total: Int?
    /// The loader's `-v` notes, in order.
    let notes: [String]
}

/// Browses a source to its end on the real event loop, with the core's `AppState`, a real
/// `Loader` and a screen that presses End whenever the screen has changed since it last did, until
/// the footer row says the list has ended or a page failed; then it presses q. This is the
/// "screen" half of every replica test: the same source as `--dump`, seen through the core's own
/// prefetch and tail logic and the same loop as the terminal.
enum ScreenModel {
    static func browse(
        source: any PageSource,
        size: Size = Size(rows: 12, columns: 200),
        keep: Int? = nil,
        timeLimit: Duration = .seconds(120)
    ) async -> ScreenRun {
        var pressedOn: Frame?
        let (final, notes) = await run(source: source, size: size, keep: keep, timeLimit: timeLimit) { frame in
            if frame.rows.contains(where: { $0.text.contains("— end ·") || $0.text.contains("✗ page") }) {
                return [.char("q")]
            }
            // A screen that End did not change waits for the next page (or tick) to change it.
            guard frame != pressedOn else { return [] }
            pressedOn = frame
            return [.end]
        }
        var state = final
        _ = state.update(.key(.end))   // bring the footer row into view
        let frame = render(state)
        let footer = frame.rows.map(\.text).first { $0.contains("— end ·") || $0.contains("✗ page") } ?? ""
        let items = (0..<state.store.itemCount).map { state.store.item(at: $0) }
        return ScreenRun(items: items, tail: state.loading.tail, footer: footer, total: state.loading.total, notes: notes)
    }

    /// Runs the real event loop on `source` with a screen that types what `react` says on seeing
    /// each frame, until the loop ends (q) or `timeLimit` passes; the final state and the
    /// loader's `-v` notes.
    static func run(
        source: any PageSource,
        size: Size = Size(rows: 12, columns: 200),
        keep: Int? = nil,
        timeLimit: Duration = .seconds(120),
        react: @escaping (Frame) -> [Key]
    ) async -> (state: AppState, notes: [String]) {
        let notes = LockedList<String>()
        guard let inbox = try? Inbox() else { preconditionFailure("no pipe for the inbox") }
        let loader = Loader(source: source, deliver: { inbox.post(.message($0)) }, log: { notes.append($0) })
        let driver = LoaderDriver(loader: loader)
        let screen = ScriptedScreen(size: size, react: react)
        let model = AppState(config: AppConfig(sourceName: loader.sourceName, keep: keep), size: size)
        // A loop that never ends would hang the test: stop it as a signal would.
        let watchdog = Task {
            try await Task.sleep(for: timeLimit)
            inbox.post(.signal(SIGALRM))
        }
        let state: AppState = await withCheckedContinuation { continuation in
            let box = UncheckedBox((model, screen, inbox, driver))
            DetachedThread.start {
                let (model, screen, inbox, driver) = box.value
                var loop = EventLoop(model: model, screen: screen, inbox: inbox, loader: driver)
                _ = loop.run()
                continuation.resume(returning: loop.model)
            }
        }
        watchdog.cancel()
        await driver.shutdown()
        return (state, notes.all)
    }
}

/// Hands values to the loop's thread, which alone uses them until the loop ends.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
