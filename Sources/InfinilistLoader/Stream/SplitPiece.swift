/// One piece of a stream as the splitter finds it: a JSON value's bytes (parsed by the caller), a
/// line that is not JSON, or the place of a value that could not be kept.
struct SplitPiece: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// What looks like one JSON value; the caller parses it (and keeps it as text if that fails).
        case json
        /// A line that is not JSON (nor part of a value).
        case text
        /// A value or line longer than the per-value limit: its bytes were skipped.
        case tooLong
        /// The input ended in the middle of a value.
        case truncated
        /// The input ended inside a top-level array, its `]` never came: a cut-off download.
        case unclosedArray
        /// What began like a JSON value but broke off at the end of its line (a raw line break
        /// in a string, a `{` opening a new line while an object is open): its first line. The
        /// caller decides whether it is damaged JSON or a line of text.
        case brokenValue
        /// Bytes that are no value at all where only values can be: an element of a top-level
        /// array that already gave values (`[1, garbage, 3]`). Skipped; the array goes on.
        case damaged
        /// Text where only a value or a line break can be: after an object or array on its line
        /// (`{"a":1},`, `]]`), or a record of a JSON text sequence (after an RS) that is no value.
        case stray
        /// A run of NUL bytes where a value should start: the zeros a crash or a preallocated
        /// file leaves in a log. Skipped up to the first other byte, so the record after it on
        /// the same line is kept.
        case nulBytes
    }

    let kind: Kind
    /// The bytes, for `.json`, `.text`, `.brokenValue` and `.damaged`; empty for the others.
    let bytes: [UInt8]
    /// Offsets in the input: where the piece starts and the first byte after it.
    let start: Int
    let end: Int
    /// Whether the point after the piece is inside a top-level array.
    let inArrayAfter: Bool
    /// For `.tooLong` where the input holds only a marker of what was skipped (a server-sent
    /// event too long to keep): the size it had.
    var skippedSize: Int? = nil
    /// For a server-sent event that named its own `id:`: that id, the item's identity.
    var eventID: String? = nil

    var size: Int { skippedSize ?? end - start }
}
