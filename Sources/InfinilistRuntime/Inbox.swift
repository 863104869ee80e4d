import CPipe
import Glibc
import InfinilistCore
import Synchronization

/// Something that happened outside the event loop's thread.
public enum LoopEvent: Sendable {
    /// A message for the core, e.g. a loader result.
    case message(Message)
    /// A `--verbose` note from the loader, written on stderr in order with everything else.
    case note(String)
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT: leave with 128 + signal.
    case signal(Int32)
    /// SIGWINCH: the terminal may have a new size.
    case terminalResized
    /// SIGCONT: the process was stopped and continued; what the terminal shows is unknown.
    case continued
    /// SIGTSTP from outside (`kill -TSTP`): suspend as Ctrl-Z does, terminal restored first.
    case stopRequested
}

/// Hands events from other threads (the loader, signal sources) to the event loop: a locked
/// queue plus a self-pipe whose read end the loop polls next to the terminal, so an event wakes
/// the loop at once (a page that arrives is painted now, not at the next tick).
public final class Inbox: Sendable {
    private let pending = Mutex<[LoopEvent]>([])
    /// The loop polls this descriptor; it is readable while events are pending.
    public let wakeDescriptor: Int32
    private let wakeWriter: Int32

    public struct PipeError: Error, CustomStringConvertible {
        let code: Int32
        public var description: String { "cannot create the event loop's wake-up pipe (errno \(code))" }
    }

    public init() throws(PipeError) {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec from the start: a command spawned by another thread in between must not
        // inherit it.
        guard cpipe_cloexec(&ends, 1) == 0 else { throw PipeError(code: errno) }
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
    }

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// Queues an event and wakes the loop. Callable from any thread; never blocks (a full pipe
    /// already means the loop will wake).
    public func post(_ event: LoopEvent) {
        Trace.posted(event)  // bench trace hook, a no-op unless INFINILIST_TRACE is set (Trace.swift)
        pending.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// Everything posted so far, in order. The pipe is drained first, so an event posted after
    /// this call writes a new byte and wakes the next poll.
    public func takeAll() -> [LoopEvent] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
        return pending.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}
