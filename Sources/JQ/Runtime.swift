import InfinilistCore

/// A value in flight, with its path from the input when a path expression is being evaluated
/// (`path(f)`, `del`, assignments); `nil` in ordinary evaluation. One closure tree serves both
/// modes: steps that can extend a path do so, steps that make new values refuse in path mode.
struct PV {
    var value: JSONValue
    var path: [JSONValue]?

    init(_ value: JSONValue, path: [JSONValue]? = nil) {
        self.value = value
        self.path = path
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

/// Emits a value computed from `input`; in path mode this is jq's "Invalid path expression".
@inline(__always)
func produce(_ value: JSONValue, _ input: PV, _ emit: Emit) throws {
    if input.path != nil { throw invalidPath(value) }
    try emit(PV(value))
}

func invalidPath(_ value: JSONValue) -> JQRuntimeError {
    let bytes = Array(JQOutput.compact(value).utf8)
    let dump = bytes.count <= 29 ? String(decoding: bytes, as: UTF8.self) : String(decoding: bytes[0..<26], as: UTF8.self) + "..."
    return JQRuntimeError("Invalid path expression with result \(dump)")
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
