#if canImport(Glibc)
import Glibc
#endif

/// Finds where each top-level JSON value of a stream starts and ends, as bytes arrive, without
/// parsing it: strings and escapes are followed so that a brace inside a string does not count.
/// Each byte is looked at once; a value's bytes are then parsed once by `JSONParser`.
///
/// Accepted: values one after another with any whitespace between (JSON lines, `jq -c` output,
/// pretty-printed objects), and top-level arrays, whose elements are handed out one by one (one
/// huge array streams; arrays printed one after another, as `gh api --paginate` does, flatten).
/// Anything else is handed out line by line as `.text`. A value that can only be a broken one (a
/// raw line break inside a string, or a `{`/`[` at the start of a line while an object is still
/// open, which no pretty-printer writes) gives its first line as `.text` and scanning starts again
/// on the next line, so one bad line of a log costs that line only. Inside a top-level array
/// that already gave a value, bytes that are no value (`[1, garbage, 3]`) are `.damaged` up to
/// the next `,`, `]` or line break, and the array goes on; an array the input never closes ends
/// in a `.truncated` piece, so a cut-off download is said, not taken for the whole list.
///
/// A JSON text sequence (RFC 7464, `application/json-seq`, `jq --seq`) is read too: the record
/// separator (RS, 0x1E) before each value is a separator like whitespace, and an RS inside a
/// value that is still open means that value was cut short (the RFC's rule), so it is handed out
/// as text and the next record is read whole.
struct ValueSplitter: PieceSplitting {
    let maxValueBytes: Int
    private var buffer: [UInt8] = []
    /// Input offset of `buffer[0]`.
    private var base: Int
    /// Buffer index of the next byte to look at.
    private var scan = 0
    private(set) var inArray: Bool
    /// Buffer index of the `[` that opened the current top-level array, until an element of it is
    /// handed out: if the first thing after it is text, the `[` did not open JSON (a log's
    /// `[INFO] …` or `[2024-01-01 10:00] …`) and belongs to that line's text.
    private var arrayOpener: Int?
    private var value: OpenValue?
    /// Until the input's first bytes are seen: a UTF-8 byte order mark there (Windows tools write
    /// one) is skipped, whatever the input is (a pipe, a file, a `.gz` file, a live stream), so
    /// it never turns the first value into a line of text.
    private var atInputStart: Bool
    /// Whether the end of an unclosed array was handed out as `.truncated` (once).
    private var saidUnclosed = false
    /// An object or array ended on the line being scanned: text after it on that line is stray.
    private var containerOnLine = false
    /// A record separator was skipped since the last piece: what follows must be a value.
    private var afterRecordSeparator = false

    /// U+FEFF in UTF-8.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    struct OpenValue {
        /// `junk`: no value, inside an array proven to hold JSON; it ends at `,`, `]` or a line break.
        /// `stray`: text on the line of an object or array just read (`{"a":1},`, `]]`), or a
        /// record of a JSON text sequence that is no value; it ends at a line break or an RS.
        /// `nulRun`: NUL bytes where a value should start (the padding a crash leaves in a log
        /// file); it ends at the first other byte, so the record after it is read.
        enum Shape { case container, string, scalar, text, junk, stray, nulRun }
        var shape: Shape
        /// Buffer index of its first byte (after skipped bytes were dropped, still its start).
        var start: Int
        /// Input offset of its first byte.
        let offset: Int
        var depth = 0
        /// Bit `n`: whether the container open at depth `n + 1` is an array (the first 64 levels).
        var arrays: UInt64 = 0
        var inString = false
        var escaped = false
        var afterNewline = false
        /// Bytes dropped because the value is too long.
        var skipped = 0
    }

    init(at position: StreamPosition, maxValueBytes: Int) {
        base = position.offset
        inArray = position.inArray
        atInputStart = position.offset == 0
        self.maxValueBytes = max(1, maxValueBytes)
    }

    /// Input offset of the first byte not handed out yet.
    var position: Int { value?.offset ?? base + scan }

    /// Bytes held: at most about `maxValueBytes` plus what was appended last, however long the
    /// value being skipped is.
    var bufferedBytes: Int { buffer.count }

    mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The value being skipped because it passed the limit: where it started, and how many of
    /// its bytes were scanned so far (the reader stops past a bound, and leaves it out of the
    /// spool).
    var skipping: (start: Int, scanned: Int)? {
        guard let value, value.skipped > 0 else { return nil }
        return (value.offset, base + scan - value.offset)
    }

    /// The bytes held from input offset `offset` on (not scanned yet): after a piece, what follows it.
    func heldBytes(from offset: Int) -> ArraySlice<UInt8> {
        buffer[min(buffer.count, max(0, offset - base))...]
    }

    /// The next piece; nil when more bytes are needed (or, at EOF, when the input is done).
    mutating func next(atEOF: Bool) -> SplitPiece? {
        if atInputStart {
            let mark = Self.byteOrderMark
            if buffer.count < mark.count, !atEOF, mark.starts(with: buffer) { return nil }
            atInputStart = false
            if buffer.starts(with: mark) { scan = mark.count }
        }
        if value == nil {
            compact()
            guard let opened = openValue() else { return atEOF ? unclosedArray() : nil }
            value = opened
        }
        return finishValue(atEOF: atEOF)
    }

    /// Whether the point scanned is inside a top-level array that already gave a value: only
    /// values can come there, so anything else is damage, not a line of text.
    private var provesArray: Bool { inArray && arrayOpener == nil }

    /// Skips separators (and the brackets of top-level arrays) up to a value's first byte.
    private mutating func openValue() -> OpenValue? {
        while scan < buffer.count {
            let byte = buffer[scan]
            if Self.isSpace(byte) || byte == Self.recordSeparator || (inArray && byte == UInt8(ascii: ",")) {
                if byte == UInt8(ascii: "\n") { containerOnLine = false }
                if byte == Self.recordSeparator { afterRecordSeparator = true }
                scan += 1
            } else if byte == Self.byteOrderMark[0] {
                // A byte-order mark between values (files joined with `cat`, a second one at the
                // start) is a separator too, not the start of a line of text.
                let held = buffer[scan..<min(buffer.count, scan + Self.byteOrderMark.count)]
                guard Self.byteOrderMark.starts(with: held) else { return OpenValue(shape: .text, start: scan, offset: base + scan) }
                guard held.count == Self.byteOrderMark.count else { return nil }
                scan += held.count
            } else if !inArray && byte == UInt8(ascii: "[") {
                inArray = true
                arrayOpener = scan
                scan += 1
            } else if inArray && byte == UInt8(ascii: "]") {
                inArray = false
                arrayOpener = nil
                scan += 1
            } else {
                let shape: OpenValue.Shape
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["): shape = .container
                case UInt8(ascii: "\""): shape = .string
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    shape = .scalar
                case 0: shape = .nulRun
                default: shape = provesArray ? .junk : (containerOnLine || afterRecordSeparator ? .stray : .text)
                }
                return OpenValue(shape: shape, start: scan, offset: base + scan)
            }
        }
        return nil
    }

    enum Outcome { case complete(Int), broken(Int), needMore }

    private mutating func finishValue(atEOF: Bool) -> SplitPiece? {
        guard var open = value else { return nil }
        var outcome = Outcome.needMore
        while scan < buffer.count {
            // Each byte once, through a pointer (the hot loop of reading a stream), and at most up
            // to where the value passes the limit.
            let stop = min(buffer.count, open.start + maxValueBytes + 1)
            let (found, next) = buffer.withUnsafeBufferPointer { [scan, inArray, provesArray] bytes -> (Outcome?, Int) in
                var index = scan
                while index < stop {
                    if open.shape == .text {
                        // A line of text ends at its line break alone: memchr finds it (an endless
                        // line, /dev/zero, is skipped at the speed of reading it). A carriage return
                        // ends it too, so a file with classic Mac line ends (CR only) is read line
                        // by line; in CRLF the LF after it is a separator.
                        guard let base = bytes.baseAddress else { return (nil, stop) }
                        let lineFeed = memchr(base + index, 0x0A, stop - index).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                        let end = lineFeed ?? stop
                        if let carriageReturn = memchr(base + index, 0x0D, end - index) {
                            let at = base.distance(to: carriageReturn.assumingMemoryBound(to: UInt8.self))
                            return (.complete(at), at)
                        }
                        return lineFeed.map { (.complete($0), $0) } ?? (nil, stop)
                    }
                    if open.shape == .nulRun {
                        while index < stop, bytes[index] == 0 { index += 1 }
                        return index < stop ? (.complete(index), index) : (nil, index)
                    }
                    index = Self.skipPlainBytes(&open, bytes, from: index, to: stop)
                    if index == stop { break }
                    if let found = Self.step(&open, bytes, at: index, inArray: inArray, provesArray: provesArray) { return (found, index) }
                    index += 1
                }
                return (nil, index)
            }
            scan = next
            if let found {
                outcome = found
                break
            }
            if open.skipped > 0 || scan - open.start > maxValueBytes {
                // Too long to keep: drop what was read of it (all but its last byte, which `step`
                // may look back at) and go on scanning for its end, holding no more than a chunk.
                let dropped = scan - 1 - open.start
                if dropped > 0 {
                    open.skipped += dropped
                    buffer.removeSubrange(open.start..<(scan - 1))
                    base += dropped
                    scan = open.start + 1
                }
            }
        }
        if case .needMore = outcome, atEOF {
            switch open.shape {
            case .scalar:
                if !Self.isScalar(buffer[open.start..<buffer.count]) { open.shape = provesArray ? .junk : .text }
                outcome = .complete(buffer.count)
            case .text, .junk, .stray, .nulRun: outcome = .complete(buffer.count)
            case .container, .string:
                if open.skipped > 0 {
                    outcome = .complete(buffer.count)
                } else if let newline = buffer[open.start...].firstIndex(of: UInt8(ascii: "\n")) {
                    outcome = .broken(newline)
                } else {
                    value = nil
                    let end = buffer.count
                    scan = end
                    return SplitPiece(kind: .truncated, bytes: [], start: open.offset, end: base + end, inArrayAfter: inArray)
                }
            }
        }
        if case .needMore = outcome {} else {
            afterRecordSeparator = false
            containerOnLine = false
        }
        switch outcome {
        case .needMore:
            value = open
            return nil
        case .complete(let end):
            value = nil
            scan = end
            if open.skipped > 0 { return tooLongPiece(open, end: end) }
            if open.shape == .junk {
                return SplitPiece(kind: .damaged, bytes: Array(buffer[open.start..<end]), start: open.offset, end: base + end, inArrayAfter: inArray)
            }
            if open.shape == .nulRun {
                return SplitPiece(kind: .nulBytes, bytes: [], start: open.offset, end: base + end, inArrayAfter: inArray)
            }
            if open.shape == .stray {
                return SplitPiece(kind: .stray, bytes: Array(buffer[open.start..<end]), start: open.offset, end: base + end, inArrayAfter: inArray)
            }
            if open.shape == .container { containerOnLine = true }
            guard open.shape == .text else {
                arrayOpener = nil
                return SplitPiece(kind: .json, bytes: Array(buffer[open.start..<end]), start: open.offset, end: base + end, inArrayAfter: inArray)
            }
            return textPiece(from: open.start, to: end)
        case .broken(let at):
            value = nil
            if open.skipped > 0 {
                scan = at
                return tooLongPiece(open, end: at)
            }
            // The first line is handed out; everything after it is scanned again.
            let lineEnd = buffer[open.start..<at].firstIndex(of: UInt8(ascii: "\n")) ?? at
            scan = lineEnd
            if provesArray {
                return SplitPiece(kind: .damaged, bytes: Array(buffer[open.start..<lineEnd]), start: open.offset, end: base + lineEnd, inArrayAfter: inArray)
            }
            return textPiece(from: open.start, to: lineEnd, kind: .brokenValue)
        }
    }

    /// At the end of the input, inside a top-level array: said once (a reread of the last page
    /// from a file says it again, as it should).
    private mutating func unclosedArray() -> SplitPiece? {
        guard inArray, !saidUnclosed, scan >= buffer.count else { return nil }
        saidUnclosed = true
        arrayOpener = nil
        return SplitPiece(kind: .unclosedArray, bytes: [], start: base + scan, end: base + scan, inArrayAfter: true)
    }

    /// A value (or line) too long to keep, whose bytes were dropped: it was an element if it was in
    /// an array, so the array's `[` opened JSON.
    private mutating func tooLongPiece(_ open: OpenValue, end: Int) -> SplitPiece {
        arrayOpener = nil
        return SplitPiece(kind: .tooLong, bytes: [], start: open.offset, end: base + end, inArrayAfter: inArray)
    }

    /// A line of text from `start` to `end`. Text inside a top-level array means its `[` did not
    /// open JSON: the array ends, and a `[` that opened it on the same line is the text's first
    /// character.
    private mutating func textPiece(from start: Int, to end: Int, kind: SplitPiece.Kind = .text) -> SplitPiece {
        var first = start
        if inArray, let opener = arrayOpener, !buffer[opener..<start].contains(UInt8(ascii: "\n")) { first = opener }
        inArray = false
        arrayOpener = nil
        // A `[` that opened the line makes it text whatever followed (`[INFO] {"a": …`).
        return SplitPiece(kind: first == start ? kind : .text, bytes: Array(buffer[first..<end]), start: base + first, end: base + end, inArrayAfter: false)
    }

    /// Drops bytes already handed out, once they are a good part of the buffer.
    private mutating func compact() {
        let keepFrom = min(value?.start ?? scan, arrayOpener ?? .max)
        guard keepFrom > 65_536, keepFrom * 2 > buffer.count else { return }
        buffer.removeSubrange(0..<keepFrom)
        base += keepFrom
        scan -= keepFrom
        if value != nil { value?.start -= keepFrom }
        if arrayOpener != nil { arrayOpener? -= keepFrom }
    }
}
