import InfinilistCore
import InfinilistLoader

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

/// Drives the core's `AppState` with a real `Loader`, as the event loop does but without a
/// terminal: `.load` effects go to the loader, its messages go back into `update`, and End is
/// pressed whenever nothing is loading, until the footer row says the list has ended (or a page
/// failed). This is the "screen" half of every replica test: the same source as `--dump`, seen
/// through the core's own prefetch and tail logic.
enum ScreenModel {
    static func browse(
        source: any PageSource,
        size: Size = Size(rows: 12, columns: 200),
        maxSteps: Int = 5_000
    ) async -> ScreenRun {
        let (messages, continuation) = AsyncStream.makeStream(of: Message.self)
        let notes = LockedList<String>()
        let loader = Loader(source: source, deliver: { continuation.yield($0) }, log: { notes.append($0) })
        var state = AppState(config: AppConfig(sourceName: loader.sourceName), size: size)
        var inbox = messages.makeAsyncIterator()
        await perform(state.start(), on: loader)
        var steps = 0
        loop: while steps < maxSteps {
            steps += 1
            switch state.tail {
            case .ended, .failed:
                break loop
            case .loading:
                guard let message = await inbox.next() else { break loop }
                await perform(state.update(message), on: loader)
            case .idle:
                await perform(state.update(.key(.end)), on: loader)
                if state.tail == .idle { break loop }   // End asked for nothing: the core is stuck
            }
        }
        await loader.shutdown()
        continuation.finish()
        _ = state.update(.key(.end))   // bring the footer row into view
        let frame = render(state)
        let footer = frame.rows.map(\.text).first { $0.contains("— end ·") || $0.contains("✗ page") } ?? ""
        let items = (0..<state.store.itemCount).map { state.store.item(at: $0) }
        return ScreenRun(items: items, tail: state.tail, footer: footer, total: state.total, notes: notes.all)
    }

    private static func perform(_ effects: [Effect], on loader: Loader) async {
        for effect in effects {
            switch effect {
            case .load(let request): await loader.start(request)
            case .cancel(let id): await loader.cancel(id)
            default: continue
            }
        }
    }
}
