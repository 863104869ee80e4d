import Glibc
import Synchronization
import Testing

/// Runs a CPU-bound test on a thread of its own instead of Swift's cooperative pool.
///
/// The pool has one thread per core: two on the machines CI uses. Swift Testing starts every
/// test at once, and a synchronous test never gives its thread back until it ends, so two long
/// ones (a detail view of two million lines, every Unicode scalar's width: about 30 s of CPU
/// between them in a debug build) left no thread for anything else. For that half-minute the
/// tests' own HTTP servers (Hummingbird handlers are tasks) answered nothing, and every test
/// polling a pane or waiting for a page saw its 30 s go by without being run once (issue 32.1).
/// On a thread of its own such a test competes for the cores as any process does, and the
/// kernel shares them; the pool stays free for the tests that wait.
///
/// Apply it to a suite (`@Suite(.ownThread)`) or a test whose body spends more than about half
/// a second of CPU without awaiting. The test keeps its task (its task-locals, so `#expect`
/// is still attributed to it): only the executor under it changes (SE-0417).
public struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let executor = ThreadExecutor()
        defer { executor.stop() }
        try await withTaskExecutorPreference(executor) {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs the suite's or the test's body on a thread of its own (`OwnThreadTrait`).
    public static var ownThread: Self { OwnThreadTrait() }
}

/// A task executor with one thread that runs the jobs given to it in order, until stopped: under a
/// CPU-bound test (`.ownThread`) or a test server (`withLocalServer`).
public final class ThreadExecutor: TaskExecutor, Sendable {
    private struct Queue: ~Copyable {
        var jobs: [UnownedJob] = []
        var stopped = false
    }

    private let queue = Mutex(Queue())
    /// Counts the jobs waiting (and one more for the stop), so the thread sleeps when idle.
    /// (A POSIX semaphore is made to be shared between threads.)
    nonisolated(unsafe) private let waiting = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    public init() {
        sem_init(waiting, 0, 0)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let executor = Unmanaged<ThreadExecutor>.fromOpaque(context).takeRetainedValue()
            executor.run()
            return nil
        }, context)
        precondition(started == 0, "could not start a test thread: error \(started)")
        pthread_detach(thread)
    }

    deinit {
        sem_destroy(waiting)
        waiting.deallocate()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let taken = queue.withLock { queue -> Bool in
            guard !queue.stopped else { return false }
            queue.jobs.append(job)
            return true
        }
        if taken {
            sem_post(waiting)
        } else {
            // A task the test left behind, resumed after the test ended: the pool runs it.
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }

    /// Lets the thread end once the jobs already given have run.
    public func stop() {
        queue.withLock { $0.stopped = true }
        sem_post(waiting)
    }

    /// The threads of the executors running, for the test that checks where tests run.
    private static let threads = Mutex<Set<pthread_t>>([])

    /// Whether the calling thread is one of these executors' threads.
    public static var isCurrentThreadOwn: Bool {
        threads.withLock { $0.contains(pthread_self()) }
    }

    private func run() {
        Self.threads.withLock { _ = $0.insert(pthread_self()) }
        defer { Self.threads.withLock { _ = $0.remove(pthread_self()) } }
        while true {
            while sem_wait(waiting) != 0 {}
            let next: UnownedJob?? = queue.withLock { queue in
                if !queue.jobs.isEmpty { return .some(queue.jobs.removeFirst()) }
                return queue.stopped ? .none : .some(nil)
            }
            guard let next else { return }
            next?.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
