/// Finds the pieces (values, lines, records) of a stream as its bytes arrive; the reader keeps
/// one at the tail and makes a new one wherever a page is read again.
protocol PieceSplitting {
    /// A splitter that starts reading at `position` (a place where a piece started).
    init(at position: StreamPosition, maxValueBytes: Int)
    mutating func append(_ bytes: [UInt8])
    /// The next piece; nil when more bytes are needed (or, at EOF, when the input is done).
    mutating func next(atEOF: Bool) -> SplitPiece?
    /// The value being skipped, if one passed the limit and its end has not come yet: where it
    /// started and how many of its bytes were scanned.
    var skipping: (start: Int, scanned: Int)? { get }
    /// The bytes held from input offset `offset` on, not scanned yet.
    func heldBytes(from offset: Int) -> ArraySlice<UInt8>
}

extension PieceSplitting {
    /// Splitters that never drop bytes themselves (server-sent events: the decoder drops them).
    var skipping: (start: Int, scanned: Int)? { nil }
    func heldBytes(from offset: Int) -> ArraySlice<UInt8> { [] }
}

/// How the bytes of a stream are cut into items.
enum StreamFraming: Sendable, Equatable {
    /// JSON values one after another (JSON lines, pretty-printed values, arrays, RS-separated
    /// JSON text sequences), and text lines: `ValueSplitter`.
    case values
    /// Server-sent events, as `SSEDecoder` writes them (one record per event): `EventSplitter`.
    case events

    func splitter(at position: StreamPosition, maxValueBytes: Int) -> any PieceSplitting {
        switch self {
        case .values: return ValueSplitter(at: position, maxValueBytes: maxValueBytes)
        case .events: return EventSplitter(at: position, maxValueBytes: maxValueBytes)
        }
    }
}
