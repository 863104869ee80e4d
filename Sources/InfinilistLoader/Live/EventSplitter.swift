/// Reads back the records `SSEDecoder` writes, one per server-sent event: RS (0x1E), the length
/// of the event's data in decimal, LF, then the data itself; or RS, the data's length, a space,
/// the length of the event's own id, LF, the id, then the data; or RS, `-`, the size of an event
/// that was too long to keep, LF. A length prefix rather than a terminator, because an event's
/// data may hold any byte, line breaks included, and must be handed on the moment it is whole
/// (not when the next event starts: a stream may be quiet for minutes).
///
/// The records are written by infinilist itself (to the spool, and read from it again), so
/// anything else is damage: it is handed out as cut-off, and reading resumes at the next RS.
struct EventSplitter: PieceSplitting {
    let maxValueBytes: Int
    private var buffer: [UInt8] = []
    /// Input offset of `buffer[0]`.
    private var base: Int
    /// Buffer index of the next record's RS.
    private var scan = 0

    static let separator: UInt8 = 0x1E
    private static let newline = UInt8(ascii: "\n")

    init(at position: StreamPosition, maxValueBytes: Int) {
        base = position.offset
        self.maxValueBytes = max(1, maxValueBytes)
    }

    mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    mutating func next(atEOF: Bool) -> SplitPiece? {
        compact()
        guard scan < buffer.count else { return nil }
        let start = scan
        guard buffer[start] == Self.separator,
              let newline = buffer[start...].prefix(32).firstIndex(of: Self.newline),
              let (length, idLength) = Self.header(buffer[(start + 1)..<newline]) else {
            // Not a record header (or one still arriving, at most 24 bytes long).
            if !atEOF, buffer.count - start < 32, buffer[start] == Self.separator { return nil }
            return skipDamage(from: start)
        }
        if length < 0 {
            scan = newline + 1
            var piece = SplitPiece(kind: .tooLong, bytes: [], start: base + start, end: base + scan, inArrayAfter: false)
            piece.skippedSize = -length
            return piece
        }
        let dataStart = newline + 1 + idLength
        let end = dataStart + length
        // The decoder never writes more than the limits: a larger length is damage.
        guard length <= maxValueBytes, idLength <= SSEDecoder.maxItemIDBytes else { return skipDamage(from: start) }
        guard end <= buffer.count else {
            return atEOF ? skipDamage(from: start) : nil
        }
        scan = end
        var piece = SplitPiece(kind: .json, bytes: Array(buffer[dataStart..<end]), start: base + start, end: base + end, inArrayAfter: false)
        if idLength > 0 { piece.eventID = String(decoding: buffer[(newline + 1)..<dataStart], as: UTF8.self) }
        return piece
    }

    /// A record header's lengths: the data's (negative for a skipped event), and its id's.
    private static func header(_ text: ArraySlice<UInt8>) -> (Int, Int)? {
        let parts = text.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count <= 2, let length = parts.first.flatMap({ Int(String(decoding: $0, as: UTF8.self)) }) else { return nil }
        guard parts.count == 2 else { return (length, 0) }
        guard length >= 0, let idLength = Int(String(decoding: parts[1], as: UTF8.self)), idLength > 0 else { return nil }
        return (length, idLength)
    }

    /// Hands out the bytes up to the next RS (or the end) as cut off.
    private mutating func skipDamage(from start: Int) -> SplitPiece {
        let end = buffer[(start + 1)...].firstIndex(of: Self.separator) ?? buffer.count
        scan = end
        return SplitPiece(kind: .truncated, bytes: [], start: base + start, end: base + end, inArrayAfter: false)
    }

    /// Drops records already handed out, once they are a good part of the buffer.
    private mutating func compact() {
        guard scan > 65_536, scan * 2 > buffer.count else { return }
        buffer.removeSubrange(0..<scan)
        base += scan
        scan = 0
    }
}
