import Hummingbird
import InfinilistCore
@testable import InfinilistLoader
import TestSupport
import Testing

/// The core's `AppState` wired to a real `Loader` and `HTTPSource` against a real server, with a
/// clock the test sets: effects go to the loader in order, answers come back through the inbox
/// and are applied in the order they arrived, each at the harness's `time`. `settle()` waits
/// until every request the core made is answered (or cancelled), so a test reads the state
/// between polls without sleeping through real intervals.
final class FollowHarness {
    private(set) var state: AppState
    let loader: Loader
    let inbox: MessageInbox
    var time: Double = 0
    private var consumed = 0
    private var outstanding: Set<InfinilistCore.RequestID> = []

    init(source: any PageSource, follow: Double?, size: Size = Size(rows: 12, columns: 80), keep: Int? = nil) {
        var config = AppConfig(sourceName: source.name, prefetch: 0, keep: keep)
        config.follow = follow
        state = AppState(config: config, size: size)
        inbox = MessageInbox()
        loader = Loader(source: source, deliver: inbox.deliver)
    }

    /// Starts the list and waits for its first page.
    func start() async throws {
        try await perform(state.start())
        try await settle()
    }

    /// A key at the current time, then everything it asked for.
    func press(_ keys: Key...) async throws {
        for key in keys {
            try await perform(state.update(.key(key), at: time))
            try await settle()
        }
    }

    /// The clock moves to `time` (the event loop's tick), then everything that asked for settles.
    func tick(at time: Double) async throws {
        self.time = time
        try await perform(state.update(.tick, at: time))
        try await settle()
    }

    /// Applies answers as they arrive until no request of the core's is on its way.
    func settle(timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !outstanding.isEmpty {
            if ContinuousClock.now >= deadline {
                throw HarnessTimeout(description: "\(outstanding.count) requests still on their way after \(timeout)")
            }
            let messages = await inbox.wait(for: consumed + 1, timeout: .seconds(5))
            for message in messages.dropFirst(consumed) {
                consumed += 1
                if let loaded = message.loaded { outstanding.remove(loaded.request.id) }
                if let failed = message.failed { outstanding.remove(failed.request.id) }
                try await perform(state.update(message, at: time))
            }
        }
    }

    private func perform(_ effects: [Effect]) async throws {
        for effect in effects {
            switch effect {
            case .load(let request):
                outstanding.insert(request.id)
                await loader.start(request)
            case .cancel(let id):
                outstanding.remove(id)
                await loader.cancel(id)
            default:
                break
            }
        }
    }

    /// The titles of the rows, in order ("?" for a row not in memory, "…gap…" for a gap row).
    var titles: [String] {
        (0..<state.store.itemCount).map { row in
            if state.store.gapPage(at: row) != nil { return "…gap…" }
            guard let json = state.store.item(at: row)?.json,
                  let title = (try? JSONParser.parse(json))?.objectValue?["title"]?.stringValue else { return "?" }
            return title
        }
    }

    /// The title of the item under the cursor.
    var cursorTitle: String? {
        guard let json = state.selectedItem?.json else { return nil }
        return (try? JSONParser.parse(json))?.objectValue?["title"]?.stringValue
    }

    /// Runs `body` with a harness on `feed`, served on 127.0.0.1, then shuts it all down.
    static func with<T: Sendable>(
        _ feed: GrowingFeed,
        follow: Double? = 30,
        size: Size = Size(rows: 12, columns: 80),
        keep: Int? = nil,
        configure: @Sendable (inout SourceOptions) -> Void = { _ in },
        _ body: @Sendable (FollowHarness) async throws -> T
    ) async throws -> T {
        let router = Router()
        feed.route(on: router)
        return try await withLocalServer(router: router) { port in
            var options = SourceOptions()
            if feed.style == .pageNumbers { options.pageSize = feed.perPage }
            options.keptAnswers = .sizedByWindow(keep: keep)
            configure(&options)
            let source = try HTTPSource(url: feed.url(port: port), options: options)
            let harness = FollowHarness(source: source, follow: follow, size: size, keep: keep)
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body(harness)) } catch { outcome = .failure(error) }
            await harness.loader.shutdown()
            await source.close()
            return try outcome.get()
        }
    }
}

struct HarnessTimeout: Error, CustomStringConvertible {
    let description: String
}
