import Glibc

/// A jq program can recurse without bound (`def f: 1 + f; f`), and each jq call is several
/// Swift frames: rather than crash the process on stack overflow, calls check how much of the
/// thread's stack is left and fail with an error when it nears the end. The check is a
/// thread-local read and a comparison; the thread's stack bounds are looked up once.
enum StackGuard {
    private static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()

    /// glibc's `pthread_getattr_np`, looked up at run time: Swift's Glibc module declares it only
    /// under `_GNU_SOURCE`.
    private typealias GetAttr = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let getattr: GetAttr? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttr.self)
    }()

    /// The lowest stack address calls may reach on this thread (stacks grow down).
    private static func limit() -> UInt {
        if let stored = pthread_getspecific(key) { return UInt(bitPattern: stored) }
        var low: UInt = 1
        var attr = pthread_attr_t()
        if let getattr, getattr(pthread_self(), &attr) == 0 {
            var base: UnsafeMutableRawPointer?
            var size = 0
            if pthread_attr_getstack(&attr, &base, &size) == 0, let base {
                low = UInt(bitPattern: base) + UInt(min(size / 4, 256 * 1024))
            }
            pthread_attr_destroy(&attr)
        }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: low))
        return low
    }

    @inline(__always)
    static func check() throws {
        var marker: UInt8 = 0
        let sp = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if sp < limit() { throw JQRuntimeError("jq program recursed too deeply (stack nearly exhausted)") }
    }
}
