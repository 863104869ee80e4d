import InfinilistCore

/// A program that does not parse. `column` is 1-based, counted in characters, so an editor or
/// a caret under the program can point at it.
public struct JQSyntaxError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let column: Int

    init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    public var description: String { message }
}

/// An error raised while running: jq's own wording for the common ones ("Cannot index number
/// with \"a\""), or the value given to `error`. `value` is what `try … catch` would see.
public struct JQRuntimeError: Error, Sendable, CustomStringConvertible {
    public let value: JSONValue
    /// A budget ran out (a regex's retries), not the program's own error: the next items would
    /// likely spend it too. Lost when `try` catches the error, which is then a value.
    let exhausted: Bool

    init(_ message: String, exhausted: Bool = false) {
        value = .string(message)
        self.exhausted = exhausted
    }

    init(value: JSONValue) {
        self.value = value
        exhausted = false
    }

    /// What jq prints after `jq: error (at <file>:N): `; for a value that is not a string jq
    /// prints `jq: error (at <file>:N) (not a string): VALUE`, and this is `(not a string): VALUE`.
    public var message: String {
        if case .string(let s) = value { return s }
        return "(not a string): \(JQOutput.compact(value))"
    }

    public var description: String { message }
}

/// Stops a generator early (`limit`, `first`, `label`/`break`): thrown with a token unique to
/// one evaluation, caught only by its owner; `try` never catches it.
final class StopToken: Sendable {}

/// `halt` and `halt_error`: jq ends the process there. Here a program runs per item of a list
/// that must go on, so the item's run ends (its outputs so far kept), `halt_error`'s as an
/// error with its input as the message. `try`, `?` and `?//` do not catch it (they catch
/// `JQRuntimeError` only), as jq's do not.
struct Halt: Error {
    let message: String?
}

struct Stop: Error {
    let token: StopToken
}

/// An error raised by the continuation of a `try` body, carried through the body untouched.
struct Passthrough: Error {
    let error: any Error
}
