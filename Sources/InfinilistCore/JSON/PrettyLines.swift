/// Where one line of an item's pretty-printed JSON begins: the byte of its first token in the
/// item's JSON text, and its indent level. That pair is all it takes to write the line, and the
/// next line's start comes out of writing it, so the detail view can lay out lines from any
/// known start without a tree and without the lines above (decision: lazy detail lines).
struct LineStart: Sendable, Hashable {
    var offset: Int
    var depth: Int
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
                line.appendString(bytes, i..<end, plain: plain, .jsonString)
                i = end
            default:
                let end = scalarEnd(bytes, i)
                guard end > i else { return nil }
                let literal = byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
                line.appendBytes(bytes, i..<end, literal ? .jsonLiteral : .jsonNumber)
                i = end
            }
            // A value (or a closing bracket) is complete: a comma ends the line after it, a
            // closing bracket starts the next one, one level out.
            let k = skipSpace(bytes, i)
            guard k < count else { return nil }
            if bytes[k] == UInt8(ascii: ",") {
                line.append(",", .jsonPunctuation)
                let next = skipSpace(bytes, k + 1)
                return next < count ? LineStart(offset: next, depth: depth) : nil
            }
            if bytes[k] == UInt8(ascii: "}") || bytes[k] == UInt8(ascii: "]") {
                return LineStart(offset: k, depth: max(0, depth - 1))
            }
            return nil
        }
        return nil
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
