import Foundation
import Synchronization

/// How many end-to-end screens (a tmux server, a shell and infinilist each) run at once.
///
/// Swift Testing starts every test at once. On a fresh 2-core machine with another build beside
/// it, the 77 tmux tests started together: about 45 tmux servers and debug binaries competing
/// for two cores, with the test process (whose HTTP servers the programs wait on) among them.
/// None drew its first frame within its 30 s, and a loader test's 2 s page took over 30 s too
/// (issue 32.1). The timeouts were not too short; the machine was asked to start too much at
/// once. So a session waits for a slot before it starts, and its time starts with it: the
/// suite's wall time is bounded by the cores anyway.
final class ProgramSlots: Sendable {
    /// Two screens per core: enough to keep the cores busy while screens wait on their servers.
    static let shared = ProgramSlots(limit: max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(limit: Int) {
        state = Mutex(State(free: limit))
    }

    /// Waits, without holding a thread, until a slot is free, and takes it.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a slot back: to the longest waiting session, else to the pool.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
