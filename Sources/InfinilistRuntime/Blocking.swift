import Dispatch
import Synchronization

/// Lets the synchronous main thread wait for async work (closing the HTTP client, `--dump`).
/// Safe because the main thread is not one of the cooperative pool's threads, so blocking it
/// cannot starve the tasks it waits for.
public enum Blocking {
    public static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await operation()
            box.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        // The task stores its value before it signals, so the box is never empty here.
        guard let value = box.value.withLock({ $0 }) else { preconditionFailure("Blocking.run: no result") }
        return value
    }
}

/// Carries a task's result to the waiting thread.
private final class ResultBox<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}
