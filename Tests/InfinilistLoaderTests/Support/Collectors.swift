import Foundation
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

/// Collects `--dump` lines in memory instead of writing to a file descriptor.
final class LineCollector: LineOutput {
    private(set) var lines: [String] = []
    private(set) var flushes = 0
    func write(line: String) { lines.append(line) }
    func flush() { flushes += 1 }
}

/// A thread-safe list shared between a `@Sendable` callback and the test.
/// `@unchecked Sendable`: every access to `values` goes through `lock`.
final class LockedList<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Element] = []

    func append(_ value: Element) { lock.withLock { values.append(value) } }
    var all: [Element] { lock.withLock { values } }
    var count: Int { lock.withLock { values.count } }
}

/// Receives the loader's messages, in order, and lets a test wait for them.
final class MessageInbox: Sendable {
    private let messages = LockedList<Message>()

    var deliver: @Sendable (Message) -> Void {
        { [messages] message in messages.append(message) }
    }

    var all: [Message] { messages.all }

    /// Waits until `count` messages arrived (or `timeout` passed) and returns what arrived.
    /// Polls until `count` messages arrived; the timeout is generous because a busy CI machine is
    /// slow (the whole suite beside another build once stalled these waits past 30 s), and
    /// polling returns as soon as they are there.
    func wait(for count: Int, timeout: Duration = .seconds(120)) async -> [Message] {
        let deadline = ContinuousClock.now + timeout
        while messages.count < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return messages.all
    }

    /// Starts `request` on `loader` and returns its page, passing over other messages
    /// (countdowns, other pages); a failure is thrown.
    func answer(to request: PageRequest, from loader: Loader) async throws -> PageResult {
        await loader.start(request)
        var seen = 0
        while true {
            let messages = await wait(for: seen + 1)
            try #require(messages.count > seen, "no answer to \(request)")
            seen = messages.count
            for message in messages {
                if let loaded = message.loaded, loaded.request == request { return loaded }
                if let failed = message.failed, failed.request == request { throw failed }
            }
        }
    }
}

/// Wraps a source and counts its fetches, to check single-flight.
struct CountingSource: PageSource {
    let inner: any PageSource
    let fetches = LockedList<PageKey>()

    var name: String { inner.name }
    func startWalk() -> Walk { inner.startWalk() }
    func fetch(_ key: PageKey) async throws -> PageResponse {
        fetches.append(key)
        return try await inner.fetch(key)
    }
    func page(from response: PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        inner.page(from: response, key: key, kind: kind, walk: &walk)
    }
}

extension PageSource {
    /// The key of the first page.
    func firstKey() -> PageKey {
        guard let key = startWalk().key(for: 0) else { preconditionFailure("a walk always knows page 0") }
        return key
    }

    /// Fetches `key` and reads the answer as the tail of a walk that knows nothing yet: the page
    /// as the loader would hand it on for a first visit.
    func fetchPage(_ key: PageKey) async throws -> FetchedPage {
        var walk = startWalk()
        return page(from: try await fetch(key), key: key, kind: .next, walk: &walk)
    }
}

extension Message {
    var loaded: PageResult? {
        if case .pageLoaded(let result) = self { return result }
        return nil
    }

    var failed: PageFailure? {
        if case .pageFailed(let failure) = self { return failure }
        return nil
    }
}

func request(_ id: Int, page: Int) -> PageRequest {
    PageRequest(id: RequestID(id), page: page)
}
