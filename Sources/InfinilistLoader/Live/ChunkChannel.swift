import DequeModule
import Foundation

/// Hands the bytes of a streaming answer from the task that reads the network to the stream
/// reader, which reads them as it reads a pipe: on its own thread, waiting at most a given time
/// so it can check for cancellation. Bounded: while `highWater` bytes wait to be read, the
/// network task waits too (in short sleeps), so a server faster than the list is held back by
/// TCP, not by memory.
final class ChunkChannel: @unchecked Sendable {
    /// How the stream behind the channel ended.
    enum Closing: Sendable, Equatable {
        /// The server ended it: the list ends.
        case end
        /// It cannot go on (reconnecting was given up, or the server refused): the page fails.
        case failed(PageLoadError)
    }

    let highWater: Int
    private let condition = NSCondition()
    private var chunks = Deque<[UInt8]>()
    private var buffered = 0
    private var closing: Closing?

    init(highWater: Int = 1 << 20) {
        self.highWater = max(1, highWater)
    }

    /// Adds bytes, after waiting while the channel is full; throws `CancellationError` when the
    /// task is cancelled meanwhile.
    func push(_ bytes: [UInt8]) async throws {
        while isFull {
            try await Task.sleep(for: .milliseconds(2))
        }
        add(bytes)
    }

    private var isFull: Bool {
        condition.lock()
        defer { condition.unlock() }
        return buffered >= highWater
    }

    private func add(_ bytes: [UInt8]) {
        condition.lock()
        chunks.append(bytes)
        buffered += bytes.count
        condition.signal()
        condition.unlock()
    }

    /// Says how the stream ended, once; a reader waiting is woken.
    func finish(_ how: Closing) {
        condition.lock()
        if closing == nil { closing = how }
        condition.broadcast()
        condition.unlock()
    }

    /// Forgets a failure that was reported, so the stream can start again (`r`).
    func reopen() {
        condition.lock()
        if case .failed = closing { closing = nil }
        condition.unlock()
    }

    /// The bytes waiting (up to 256 KiB), waiting at most `milliseconds` for some; `.end` once
    /// the stream ended and everything was read; throws the failure it ended with.
    func take(waitingAtMost milliseconds: Int32) throws(PageLoadError) -> ChunkRead {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: Double(max(0, milliseconds)) / 1000)
        while chunks.isEmpty, closing == nil {
            if !condition.wait(until: deadline) { break }
        }
        if !chunks.isEmpty {
            var bytes = chunks.removeFirst()
            while let next = chunks.first, bytes.count + next.count <= 262_144 {
                bytes.append(contentsOf: next)
                chunks.removeFirst()
            }
            buffered -= bytes.count
            return .bytes(bytes)
        }
        switch closing {
        case .end: return .end
        case .failed(let error): throw error
        case nil: return .quiet
        }
    }
}
