import Glibc

/// A thread of its own for work that blocks (the event loop in poll(2), the count of a file's
/// rows), so that it never holds one of the cooperative pool's few threads, nor one of the
/// global queue's (as many as there are cores).
public enum DetachedThread {
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { pointer in
            guard let pointer else { return nil }
            let body = Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread could be made: run here rather than never.
            box.takeRetainedValue().run()
        }
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
