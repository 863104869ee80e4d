import InfinilistCore

/// A value in flight, with its path from the input when a path expression is being evaluated
/// (`path(f)`, `del`, assignments); `nil` in ordinary evaluation. One closure tree serves both
/// modes: steps that can extend a path do so, steps that make new values refuse in path mode.
struct PV {
    var value: JSONValue
    var path: [JSONValue]?
    /// In path mode, a value computed rather than reached from the input (`map(…)`, a literal).
    /// As in jq 1.7 it goes on, and the error comes where a path step is taken on it ("near
    /// attempt to access element 0 of …", which says where the path was lost) or where it is
    /// the path expression's result ("with result …").
    var madeUp = false

    init(_ value: JSONValue, path: [JSONValue]? = nil, madeUp: Bool = false) {
        self.value = value
        self.path = path
        self.madeUp = madeUp
    }

    /// The path this value was reached by, as `path(f)` and assignments take it.
    func resultPath() throws -> [JSONValue] {
        if madeUp { throw invalidPath(value) }
        return path ?? []
    }

    /// `.[key]` of this value, with its path in path mode.
    func step(_ key: JSONValue) throws -> PV {
        if madeUp {
            throw JQRuntimeError("Invalid path expression near attempt to access element \(truncatedDump(key, bufferSize: 15)) of \(truncatedDump(value, bufferSize: 30))")
        }
        return appending(key, try Access.index(value, key))
    }

    /// The same value for a sub-expression evaluated for its value (keys, conditions, operands).
    var plain: PV { PV(value) }

    func appending(_ key: JSONValue, _ value: JSONValue) -> PV {
        PV(value, path: path.map { $0 + [key] })
    }
}

typealias Emit = (PV) throws -> Void

/// A compiled expression in continuation-passing style: it calls `emit` once per output, so
/// generators need no arrays and a consumer can stop them by throwing.
typealias Code = @Sendable (PV, Env?, Emit) throws -> Void

/// The runtime scope: one immutable node per variable, closure parameter or label, linked to
/// the enclosing one. The compiler resolves every name to a distance up this chain.
final class Env: Sendable {
    let parent: Env?
    let slot: Slot

    init(parent: Env?, slot: Slot) {
        self.parent = parent
        self.slot = slot
    }
}

enum Slot: Sendable {
    case value(JSONValue)
    case closure(Code, Env?)
    case label(StopToken)
}

/// The node `distance` steps up from `env`.
@inline(__always)
func ancestor(_ env: Env?, _ distance: Int) -> Env? {
    var e = env
    for _ in 0..<distance { e = e?.parent }
    return e
}

/// Emits a value computed from `input`; in path mode it has no path (`PV.madeUp`).
@inline(__always)
func produce(_ value: JSONValue, _ input: PV, _ emit: Emit) throws {
    try emit(input.path == nil ? PV(value) : PV(value, path: [], madeUp: true))
}

func invalidPath(_ value: JSONValue) -> JQRuntimeError {
    JQRuntimeError("Invalid path expression with result \(truncatedDump(value, bufferSize: 30))")
}

/// `value` as jq's `jv_dump_string_trunc` writes it into a buffer of `bufferSize` bytes: whole
/// when it fits, else cut and ended with `...`.
func truncatedDump(_ value: JSONValue, bufferSize: Int) -> String {
    let bytes = Array(JQOutput.compact(value).utf8)
    let room = bufferSize - 1
    return bytes.count <= room ? String(decoding: bytes, as: UTF8.self) : String(decoding: bytes[0..<(room - 3)], as: UTF8.self) + "..."
}

/// Runs `body` and returns its first output, stopping it there.
func firstOutput(_ body: (Emit) throws -> Void) throws -> PV? {
    let token = StopToken()
    var found: PV?
    do {
        try body { v in
            found = v
            throw Stop(token: token)
        }
    } catch let stop as Stop where stop.token === token {}
    return found
}

/// Runs a `try` body: errors it raises go to `handler`, errors raised by `emit` (downstream)
/// pass through untouched.
func guarded(_ body: (Emit) throws -> Void, emit: Emit, handler: (JQRuntimeError) throws -> Void) throws {
    do {
        try withoutActuallyEscaping(emit) { downstream in
            try body { v in
                do { try downstream(v) } catch { throw Passthrough(error: error) }
            }
        }
    } catch let p as Passthrough {
        throw p.error
    } catch let e as JQRuntimeError {
        try handler(e)
    }
}
