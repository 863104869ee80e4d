import InfinilistCore

/// One item read from a stream, and where the stream stands after it.
struct StreamEntry: Sendable {
    enum Content: Sendable, Equatable {
        case value(JSONValue)
        /// A value's compact JSON, found without parsing it (`JSONParser.compactCopy`): the
        /// items of a list once it is known where they are, which a dump passes through.
        case json([UInt8])
        /// A line that is not JSON: the item is the line as a JSON string.
        case text(String)
        /// A value that could not be kept (too long, cut off by the end of the input): one line
        /// saying so, shown in its place so the user knows something is missing.
        case problem(String)
    }

    let content: Content
    let after: StreamPosition
    /// The id a server-sent event named for itself: the item's id unless `--id` says otherwise.
    var eventID: String? = nil

    /// Whether the entry is a JSON object.
    var isObject: Bool {
        switch content {
        case .value(let value): value.objectValue != nil
        case .json(let bytes): bytes.first == 0x7B
        case .text, .problem: false
        }
    }

    /// Whether the entry is a JSON value (not a line of text, nor a problem).
    var isValue: Bool {
        switch content {
        case .value, .json: true
        case .text, .problem: false
        }
    }
}

/// Where the items are in each top-level value.
enum StreamListMode: Sendable, Equatable {
    /// Every value (every element of a top-level array) is an item.
    case values
    /// Objects hold the list at this path (`--items PATH`, or found in the first value).
    case itemsAt(JSONPath)
    /// Not decided yet: the first value decides (a pretty-printed object holding an item array,
    /// as `kubectl get -o json` prints, is read as a list holder; anything else as values).
    case detect
}

/// Turns the splitter's pieces into entries: parses each value once (or, for an item whose
/// compact JSON can be found without a tree, not at all), finds the list inside an object
/// holding one, words what could not be kept.
struct StreamEntryMaker {
    let maxValueBytes: Int
    var mode: StreamListMode
    /// The `-v` note on how the list was found, once decided.
    private(set) var modeNote: String?
    /// Whether a JSON value was read: after one, a line that opens an object and breaks is damaged
    /// JSON, not a line of text.
    private var readJSON = false
    private var compactor = JSONCompactor()

    init(mode: StreamListMode, maxValueBytes: Int) {
        self.mode = mode
        self.maxValueBytes = maxValueBytes
    }

    mutating func entries(from piece: SplitPiece) -> [StreamEntry] {
        let after = StreamPosition(offset: piece.end, inArray: piece.inArrayAfter)
        switch piece.kind {
        case .text:
            // A line with NUL bytes is binary data, as grep judges it, not a row of text.
            guard !piece.bytes.contains(0) else {
                // gzip at the start of the input (a .gz piped in, or a file not named .gz) says
                // what it is and what to do (hostile pass 3).
                let gzip = piece.start == 0 && piece.bytes.starts(with: [0x1F, 0x8B])
                    ? " (it starts as gzip data: decompress it first, e.g. zcat FILE | infinilist, or give the file a .gz name)" : ""
                return [StreamEntry(content: .problem("binary data (NUL bytes) at byte \(piece.start), \(ByteCount.text(piece.size))\(gzip): skipped"), after: after)]
            }
            return [StreamEntry(content: .text(Self.text(piece.bytes)), after: after)]
        case .brokenValue:
            guard looksLikeJSON(piece.bytes) else { return [StreamEntry(content: .text(Self.text(piece.bytes)), after: after)] }
            return [StreamEntry(content: .problem("a JSON value at byte \(piece.start) is cut short: \(OneLine.snippet(of: piece.bytes)) (skipped)"), after: after)]
        case .damaged:
            return [StreamEntry(content: .problem("not JSON inside the array at byte \(piece.start): \(OneLine.snippet(of: piece.bytes)) (skipped)"), after: after)]
        case .stray:
            return [StreamEntry(content: .problem("not JSON at byte \(piece.start), where a JSON value or a line break should be: \(OneLine.snippet(of: piece.bytes)) (skipped)"), after: after)]
        case .nulBytes:
            return [StreamEntry(content: .problem("NUL bytes at byte \(piece.start) (\(ByteCount.text(piece.size)) of binary padding, as a crash leaves in a log): skipped"), after: after)]
        case .unclosedArray:
            return [StreamEntry(content: .problem("the input ends inside an array: its closing ] never came, so the list may be cut short"), after: after)]
        case .tooLong:
            let message = "a value of \(ByteCount.text(piece.size)) at byte \(piece.start) is longer than --max-page-bytes (\(ByteCount.text(maxValueBytes))): skipped"
            return [StreamEntry(content: .problem(message), after: after)]
        case .truncated:
            let message = "the input ends in the middle of a JSON value (the last \(ByteCount.text(piece.size)), from byte \(piece.start))"
            return [StreamEntry(content: .problem(message), after: after)]
        case .json:
            if let json = compactItem(piece) {
                readJSON = true
                return [StreamEntry(content: .json(json), after: after, eventID: piece.eventID)]
            }
            let value: JSONValue
            do throws(JSONParseError) {
                value = try JSONParser.parse(piece.bytes)
            } catch {
                guard piece.inArrayAfter || looksLikeJSON(piece.bytes) else { return [StreamEntry(content: .text(Self.text(piece.bytes)), after: after)] }
                let message = "not valid JSON at byte \(piece.start): \(OneLine.snippet(of: piece.bytes)) (\(error.message) of it; skipped)"
                return [StreamEntry(content: .problem(message), after: after)]
            }
            readJSON = true
            decideMode(on: value, piece: piece)
            guard case .itemsAt(let path) = mode else {
                return [StreamEntry(content: .value(value), after: after, eventID: piece.eventID)]
            }
            // An element of a top-level array holds the list when it has the path (an array of
            // saved answers, `[{"data": […]}, …]`); else it is an item itself, as the elements of
            // an array of items read with a source's `--items` are.
            let found = ItemLocator.items(in: value, at: path)
            if piece.inArrayAfter, found == nil {
                return [StreamEntry(content: .value(value), after: after, eventID: piece.eventID)]
            }
            guard let found else {
                // `--items hit` beside `hits`: named with the arrays there are, as a page of an
                // HTTP answer is, instead of the whole value shown as one item.
                let message = NoItemsMessage.text(label: "the value at byte \(piece.start)", json: value, itemsPath: path)
                return [StreamEntry(content: .problem(message), after: after)]
            }
            return found.items.enumerated().map { index, item in
                let isLast = index == found.items.count - 1
                return StreamEntry(content: .value(item), after: isLast ? after : StreamPosition(offset: piece.start, inArray: piece.inArrayAfter, skip: index + 1))
            }
        }
    }

    /// The piece's compact JSON when it is an item (the list's place is decided, and the piece
    /// is a value of the list, not a holder of it) whose compact form needs no parse; nil
    /// otherwise, and the piece is parsed.
    private mutating func compactItem(_ piece: SplitPiece) -> [UInt8]? {
        // With `--items`, an array's element is parsed: it may hold the list.
        guard mode == .values else { return nil }
        switch compactor.compactCopy(piece.bytes) {
        case .slice(let range): return range == piece.bytes.indices ? piece.bytes : Array(piece.bytes[range])
        case .copied(let bytes): return bytes
        case .needsParse: return nil
        }
    }

    /// Whether bytes that do not parse were meant as JSON: they open an object, and either a JSON
    /// value came before or a key or `}` follows (`{"id": 3, broken`). A text file's `{` line
    /// (code, a template) stays text.
    private func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.firstIndex(where: { !ValueSplitter.isSpace($0) }), bytes[first] == UInt8(ascii: "{") else { return false }
        if readJSON { return true }
        let next = bytes[(first + 1)...].first(where: { !ValueSplitter.isSpace($0) })
        return next == UInt8(ascii: "\"") || next == UInt8(ascii: "}")
    }

    private mutating func decideMode(on value: JSONValue, piece: SplitPiece) {
        guard mode == .detect else { return }
        mode = .values
        let spansLines = piece.bytes.contains(UInt8(ascii: "\n"))
        // Only a conventional key holding objects (`items`, `data`, …), so that a pretty-printed
        // record with some array in it stays a record. A value on one line is a holder only when
        // it also says it is a list's envelope (`kubectl get -o json | jq -c .`, a saved API
        // answer): a JSON line of a log with an array in it stays a record.
        guard !piece.inArrayAfter, spansLines || Self.isListEnvelope(value), value.objectValue != nil,
              let found = ItemLocator.items(in: value, at: nil), !found.items.isEmpty,
              found.items.allSatisfy({ $0.objectValue != nil }),
              let path = found.location, let first = path.components.first, ItemLocator.conventionalKeys.contains(first.key) else {
            modeNote = "each JSON value of the input is an item"
            return
        }
        mode = .itemsAt(path)
        modeNote = "the input is an object holding the list: items at \(found.path) (--items PATH chooses another)"
    }

    /// Keys only a list's envelope has beside its items: Kubernetes' `kind`/`apiVersion`,
    /// Notion's and Stripe's `object`/`has_more`, paging cursors and totals.
    static let envelopeKeys: Set<String> = [
        "kind", "apiVersion", "object", "has_more", "next_cursor", "nextPageToken", "next_page_token",
        "total_count", "totalCount", "incomplete_results", "pagination", "paging", "next", "previous",
        "nbHits", "nbPages", "total_pages", "per_page", "page_size",
    ]

    /// Whether a one-line object says it is a list's envelope: an envelope key beside its items.
    private static func isListEnvelope(_ value: JSONValue) -> Bool {
        guard let members = value.objectValue else { return false }
        return members.contains { envelopeKeys.contains($0.key) }
    }

    /// A line as text: invalid UTF-8 becomes U+FFFD, a trailing CR (CRLF lines) goes.
    static func text(_ bytes: [UInt8]) -> String {
        var slice = bytes[...]
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
