/// Where one line of an item's pretty-printed JSON begins: the byte of its first token in the
/// item's JSON text, and its indent level. That pair is all it takes to write the line, and the
/// next line's start comes out of writing it, so the detail view can lay out lines from any
/// known start without a tree and without the lines above (decision: lazy detail lines).
///
/// A string that holds line breaks goes on over several lines, one per line of its text (an
/// issue's body reads as its lines, not as one row of `\n`): such a line starts inside the
/// string, just past a line break's escape, indented one level more than the string's own line.
struct LineStart: Sendable, Hashable {
    var offset: Int
    var depth: Int
    /// Inside a string, after one of its line breaks.
    var inString = false
}

/// The lines of `JSONValue.highlightedLines` (the same text, spans and styles: a test checks
/// it), written one at a time straight from the item's JSON text instead of from a parsed tree.
///
/// A line ends after `{` or `[` that opens a non-empty container, after a `,`, and before a
/// closing bracket; that is the whole of the pretty layout, so a line needs no memory of the
/// containers around it beyond its depth. An item of 16 million numbers took 4 GB as lines of
/// spans; walked this way, a line costs nothing until it is shown.
///
/// The text must be JSON (`JSONParser.isValid`); whitespace between tokens is skipped. On
/// anything else the walk stops (the line ends, no next line) rather than trap.
enum PrettyLines {
    /// The first line's start; nil for a text with no value.
    static func first(in bytes: UnsafeBufferPointer<UInt8>) -> LineStart? {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        i = skipSpace(bytes, i)
        return i < bytes.count ? LineStart(offset: i, depth: 0) : nil
    }

    /// Writes the line at `start` into `line` (only measured, unless it keeps its text) and
    /// returns where the next line starts, nil after the last.
    static func walk(_ bytes: UnsafeBufferPointer<UInt8>, from start: LineStart, into line: inout LineWriter) -> LineStart? {
        let count = bytes.count
        let depth = start.depth
        var i = start.offset
        if start.inString {
            line.indent(depth + 1)
            var plain = true
            let end = stringEnd(bytes, i - 1, plain: &plain)
            if let split = lineBreak(bytes, from: i, end: end) {
                line.appendStringPiece(bytes, i..<split, opens: false, closes: false, .jsonString)
                return LineStart(offset: split, depth: depth, inString: true)
            }
            line.appendStringPiece(bytes, i..<end, opens: false, closes: true, .jsonString)
            return lineEnd(bytes, after: end, depth: depth, into: &line)
        }
        line.indent(depth)
        while i < count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                let j = skipSpace(bytes, i + 1)
                guard j < count, bytes[j] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    line.append(isObject ? "{" : "[", .jsonPunctuation)
                    return j < count ? LineStart(offset: j, depth: depth + 1) : nil
                }
                line.append(isObject ? "{}" : "[]", .jsonPunctuation)
                i = j + 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                line.append(byte == UInt8(ascii: "}") ? "}" : "]", .jsonPunctuation)
                i += 1
            case UInt8(ascii: "\""):
                var plain = true
                let end = stringEnd(bytes, i, plain: &plain)
                let k = skipSpace(bytes, end)
                if k < count, bytes[k] == UInt8(ascii: ":") {
                    line.appendString(bytes, i..<end, plain: plain, .jsonKey)
                    line.append(":", .jsonPunctuation)
                    line.append(" ", .normal)
                    i = skipSpace(bytes, k + 1)
                    continue   // the member's value is on the same line
                }
                if let split = lineBreak(bytes, from: i + 1, end: end) {
                    line.appendStringPiece(bytes, i..<split, opens: true, closes: false, .jsonString)
                    return LineStart(offset: split, depth: depth, inString: true)
                }
                line.appendString(bytes, i..<end, plain: plain, .jsonString)
                i = end
            default:
                let end = scalarEnd(bytes, i)
                guard end > i else { return nil }
                let literal = byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
                line.appendBytes(bytes, i..<end, literal ? .jsonLiteral : .jsonNumber)
                i = end
            }
            return lineEnd(bytes, after: i, depth: depth, into: &line)
        }
        return nil
    }

    /// A value (or a closing bracket) is complete at `index`: a comma ends the line after it,
    /// a closing bracket starts the next one, one level out.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int, depth: Int, into line: inout LineWriter) -> LineStart? {
        let k = skipSpace(bytes, index)
        guard k < bytes.count else { return nil }
        if bytes[k] == UInt8(ascii: ",") {
            line.append(",", .jsonPunctuation)
            let next = skipSpace(bytes, k + 1)
            return next < bytes.count ? LineStart(offset: next, depth: depth) : nil
        }
        if bytes[k] == UInt8(ascii: "}") || bytes[k] == UInt8(ascii: "]") {
            return LineStart(offset: k, depth: max(0, depth - 1))
        }
        return nil
    }

    /// Past the first line break's escape (`\n`, `\u000a`) in the string's bytes from `index`
    /// up to `end` (past its closing quote), when more of the string follows it; else nil.
    static func lineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, end: Int) -> Int? {
        var i = index
        let close = end - 1
        while i < close {
            guard bytes[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            guard i + 1 < close else { return nil }
            var after = i + 2
            switch bytes[i + 1] {
            case UInt8(ascii: "n"):
                break
            case UInt8(ascii: "u") where i + 6 <= close && isNewlineEscape(bytes, i + 2):
                after = i + 6
            default:
                i += 2
                continue
            }
            return after < close ? after : nil
        }
        return nil
    }

    /// Whether the four hex digits at `index` are `000a` (either case).
    private static func isNewlineEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        bytes[index] == UInt8(ascii: "0") && bytes[index + 1] == UInt8(ascii: "0") && bytes[index + 2] == UInt8(ascii: "0")
            && (bytes[index + 3] == UInt8(ascii: "a") || bytes[index + 3] == UInt8(ascii: "A"))
    }

    static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        var i = index
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        return i
    }

    /// Past the closing quote of the string opening at `index`. `plain` turns false when the
    /// string holds an escape or a byte outside printable ASCII: its text shown is then not its
    /// bytes one column each.
    static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, plain: inout Bool) -> Int {
        var i = index + 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { return i + 1 }
            if byte == UInt8(ascii: "\\") {
                plain = false
                i += 2
                continue
            }
            if byte >= 0x7F || byte < 0x20 { plain = false }
            i += 1
        }
        return bytes.count
    }

    /// Past a number or a literal: up to the next structural byte or space.
    static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        var i = index
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: "\""),
                 UInt8(ascii: "["), UInt8(ascii: "{"), 0x20, 0x0A, 0x0D, 0x09:
                return i
            default:
                i += 1
            }
        }
        return i
    }
}

/// One line as `PrettyLines.walk` writes it: its spans (merged by style, as `highlightedLines`
/// does), or only its text (for a search), or, when only measured, how many columns it takes
/// if it is plain ASCII.
struct LineWriter {
    /// False when measuring: no text is made.
    let keepsText: Bool
    /// Only the text, in one string: a search scans millions of lines and needs no styles.
    let textOnly: Bool
    private(set) var spans: [Span] = []
    private(set) var text = ""
    /// The line's width when `plain`: every character printable ASCII, one column each.
    private(set) var columns = 0
    private(set) var plain = true

    init(keepsText: Bool, textOnly: Bool = false) {
        self.keepsText = keepsText
        self.textOnly = textOnly
    }

    mutating func indent(_ depth: Int) {
        guard depth > 0 else { return }
        columns += 2 * depth
        if keepsText { append(String(repeating: " ", count: 2 * depth), .normal) }
    }

    mutating func append(_ text: String, _ style: Style) {
        columns += text.utf8.count
        guard keepsText else { return }
        if textOnly {
            self.text += text
        } else if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(text, style))
        }
    }

    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ style: Style) {
        guard keepsText else {
            columns += range.count
            return
        }
        append(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self), style)
    }

    /// A piece of a string cut at its line breaks (`PrettyLines.lineBreak`), as `JSONWriter`
    /// quotes the whole: the piece is decoded with the quotes it lacks and quoted again
    /// without them. The string holds an escape, so its pieces are never plain.
    mutating func appendStringPiece(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, opens: Bool, closes: Bool, _ style: Style) {
        plain = false
        guard keepsText else {
            columns += range.count
            return
        }
        let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let token = (opens ? "" : "\"") + raw + (closes ? "" : "\"")
        guard case .string(let value)? = try? JSONParser.parse(token) else {
            append(raw, style)
            return
        }
        var quoted: [UInt8] = []
        JSONWriter.appendQuoted(value, to: &quoted)
        var text = String(decoding: quoted, as: UTF8.self)
        if !opens { text.removeFirst() }
        if !closes { text.removeLast() }
        append(text, style)
    }

    /// A string token as `JSONWriter` quotes it: a plain one is its bytes; any other is decoded
    /// and quoted again, so an escape the server chose (`\u0041`) shows as the tree would.
    mutating func appendString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: Bool, _ style: Style) {
        if !plain { self.plain = false }
        guard keepsText else {
            columns += range.count
            return
        }
        let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard !plain, case .string(let value)? = try? JSONParser.parse(token) else {
            append(token, style)
            return
        }
        var quoted: [UInt8] = []
        JSONWriter.appendQuoted(value, to: &quoted)
        append(String(decoding: quoted, as: UTF8.self), style)
    }
}
