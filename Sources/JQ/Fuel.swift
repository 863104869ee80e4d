import Glibc

/// A step budget for one run of a program. On the screen a program runs inside the event loop,
/// so `repeat(1)` or `range(1e12)` typed at the `|` prompt would freeze the terminal for good;
/// with a budget such a run stops with `JQStepLimit` after the given number of steps (a call
/// of a jq function, a value `range` or `repeat` makes), and the screen says so. `--dump` runs
/// without one, as jq does. The budget is thread-local: programs run on any thread at once.
enum Fuel {
    private static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()

    private static let sizeKey: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()

    /// The largest string, in bytes, `+` and `*` may make in the run on this thread (an array:
    /// a sixteenth of it in elements, each some sixteen bytes or more); nil: no limit
    /// (`--dump`, as jq).
    static var maxSize: Int? {
        pthread_getspecific(sizeKey).map { Int(bitPattern: $0) }
    }

    /// Runs `body` with `maxSize` set to `size` on this thread.
    static func limitingSize<T>(_ size: Int?, _ body: () throws -> T) rethrows -> T {
        guard let size else { return try body() }
        let outer = pthread_getspecific(sizeKey)
        pthread_setspecific(sizeKey, UnsafeRawPointer(bitPattern: size))
        defer { pthread_setspecific(sizeKey, outer) }
        return try body()
    }

    /// Throws when a value of `size` strings' bytes or array elements is past `maxSize`: a
    /// program that doubles an array (`until(length > 1e8; . + .)`) takes a few steps and all
    /// the memory.
    static func check(size: Int, of kind: SizedKind) throws {
        guard let bytes = maxSize else { return }
        let limit = kind == .string ? bytes : bytes >> 4
        guard size > limit else { return }
        throw JQRuntimeError("\(kind.rawValue) too large for the screen (over \(limit) \(kind == .string ? "bytes" : "elements"); --dump --jq has no such limit)")
    }

    /// What `check` measures: a string's bytes, or an array's elements.
    enum SizedKind: String {
        case string
        case array
    }

    private static let regexKey: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()

    /// How often one regex search may backtrack in the run on this thread (`OnigPattern`); nil:
    /// jq's own limit.
    static var regexRetries: UInt? {
        pthread_getspecific(regexKey).map { UInt(bitPattern: Int(bitPattern: $0)) }
    }

    /// Runs `body` with `steps` to spend on this thread (nil: no limit), and regex searches
    /// bounded by `regexRetries` (nil: jq's limit).
    static func run<T>(steps: Int?, regexRetries: UInt? = nil, _ body: () throws -> T) throws -> T {
        guard let regexRetries else { return try run(steps: steps, body) }
        let outer = pthread_getspecific(regexKey)
        pthread_setspecific(regexKey, UnsafeRawPointer(bitPattern: Int(bitPattern: regexRetries)))
        defer { pthread_setspecific(regexKey, outer) }
        return try run(steps: steps, body)
    }

    /// Runs `body` with `steps` to spend on this thread (nil: no limit). Inside a `pool`, at most
    /// what is left of it, and what `body` spends is taken from it.
    static func run<T>(steps: Int?, _ body: () throws -> T) throws -> T {
        guard let steps else { return try body() }
        let outer = pthread_getspecific(key)?.assumingMemoryBound(to: Int.self)
        let given = min(steps, max(0, outer?.pointee ?? Int.max))
        let remaining = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        remaining.initialize(to: given)
        pthread_setspecific(key, remaining)
        defer {
            outer?.pointee -= given - max(0, remaining.pointee)
            pthread_setspecific(key, outer)
            remaining.deallocate()
        }
        return try body()
    }

    /// Runs `body`, whose runs on this thread share `steps` (the screen's runs over many items at
    /// once: each item's own limit, and all of them together this).
    static func pool<T>(steps: Int, _ body: () -> T) -> T {
        let outer = pthread_getspecific(key)
        let remaining = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        remaining.initialize(to: steps)
        pthread_setspecific(key, remaining)
        defer {
            pthread_setspecific(key, outer)
            remaining.deallocate()
        }
        return body()
    }

    /// Whether the pool the runs on this thread share is spent.
    static var poolSpent: Bool {
        guard let raw = pthread_getspecific(key) else { return false }
        return raw.assumingMemoryBound(to: Int.self).pointee <= 0
    }

    /// Spends a step; throws `JQStepLimit` once the budget is spent. `try`, `?` and `?//` do
    /// not catch it (they catch `JQRuntimeError` only).
    @inline(__always)
    static func burn() throws {
        guard let raw = pthread_getspecific(key) else { return }
        let remaining = raw.assumingMemoryBound(to: Int.self)
        remaining.pointee -= 1
        if remaining.pointee < 0 { throw JQStepLimit() }
    }
}

/// A run stopped because it spent its step budget (`JQProgram.run(_:steps:_:)`).
public struct JQStepLimit: Error, Sendable {}
