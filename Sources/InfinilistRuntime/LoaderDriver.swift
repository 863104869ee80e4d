import InfinilistCore
import InfinilistLoader

/// Carries the core's `.load`, `.cancel` and `.countRows` effects to the loader actor in the order they were
/// made. One consumer task reads them from a stream, so a cancel can never overtake the start it
/// cancels (unstructured `Task`s per effect could run in any order).
public final class LoaderDriver: Sendable {
    public enum Command: Sendable {
        case start(PageRequest)
        case cancel(RequestID)
        case countRows(RequestID)
    }

    private let commands: AsyncStream<Command>.Continuation
    private let consumer: Task<Void, Never>
    private let loader: Loader

    public init(loader: Loader) {
        let (stream, continuation) = AsyncStream.makeStream(of: Command.self)
        self.loader = loader
        self.commands = continuation
        self.consumer = Task {
            for await command in stream {
                switch command {
                case .start(let request): await loader.start(request)
                case .cancel(let id): await loader.cancel(id)
                case .countRows(let id): await loader.countRows(id)
                }
            }
        }
    }

    /// Queues a command; returns at once (the event loop never waits for the loader).
    public func send(_ command: Command) {
        commands.yield(command)
    }

    /// Stops taking commands and cancels everything in flight, waiting until no fetch runs, so
    /// the source can be closed afterwards.
    public func shutdown() async {
        commands.finish()
        consumer.cancel()
        await consumer.value
        await loader.shutdown()
    }
}
