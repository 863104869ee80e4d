/// Reads a `text/event-stream` answer (server-sent events, as the WHATWG HTML standard's event
/// stream interpretation says) as its bytes arrive, however they are cut: a line, a field or a
/// UTF-8 character may be split between two reads. Each event's data becomes one record for
/// `EventSplitter` (its length, then its bytes), written the moment the blank line ending the
/// event arrives.
///
/// - Lines end with CR LF, LF or CR (a CR at the end of one read and an LF at the start of the
///   next are one line break); a byte order mark at the start of a connection is dropped.
/// - `data:` lines are joined with LF (one space after the colon is dropped); an event without
///   data is no event, nor is one whose data is empty (`event: ping` with `data:`, a keep-alive).
///   `:` starts a comment (servers send them to keep a connection open).
/// - `id:` (unless it holds NUL) is remembered when its event is dispatched: the `Last-Event-ID`
///   of the next connection. An event that names its own id (not one carried over from an
///   earlier event) has it written into its record: the item's id, so an event a server sends
///   again after a reconnection is shown once. `retry:` (digits only) is the reconnection time in milliseconds.
///   `event:` names the event's type; the item is its data whatever the type.
/// - An event whose data passes `maxValueBytes` is dropped as it arrives (its size is counted,
///   so the list says what was skipped), so an endless event cannot fill memory.
/// - When a connection ends, an event not yet dispatched is discarded.
struct SSEDecoder: Sendable {
    let maxValueBytes: Int
    /// The id of the last event dispatched: sent as `Last-Event-ID` when connecting again.
    private(set) var lastEventID = ""
    /// The reconnection time the server asked for with `retry:`, in milliseconds.
    private(set) var retryMilliseconds: Int?
    /// Events written so far, and comment lines seen (for `-v` and tests).
    private(set) var events = 0
    private(set) var comments = 0

    private var line: [UInt8] = []
    /// Bytes of the current line dropped because it was too long (only its start is kept, to
    /// know its field).
    private var lineDropped = 0
    private var afterCR = false
    private var atConnectionStart = true
    private var data: [UInt8] = []
    /// Bytes of the current event's data dropped because it is too long; 0 while it is kept.
    private var dataDropped = 0
    private var idBuffer = ""
    /// Whether the event being read has an `id:` line of its own.
    private var eventNamesID = false
    /// Ids longer than this identify no item (they are still sent back as `Last-Event-ID`).
    static let maxItemIDBytes = 256

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    /// How much of a too-long line is kept: enough for any field name.
    private static let fieldNameRoom = 16

    init(maxValueBytes: Int) {
        self.maxValueBytes = max(1, maxValueBytes)
    }

    /// Goes on from the last event id of an earlier run (connecting again after `r`).
    mutating func resume(after lastEventID: String) {
        self.lastEventID = lastEventID
    }

    /// Starts reading a new connection: what was not dispatched of the last one is dropped.
    mutating func startConnection() {
        line.removeAll()
        lineDropped = 0
        afterCR = false
        atConnectionStart = true
        data.removeAll()
        dataDropped = 0
        idBuffer = lastEventID
        eventNamesID = false
    }

    /// The connection ended: an event not yet dispatched is discarded, as the standard says, but
    /// one already too long to keep is said as skipped (its record, `-size`), so a server that
    /// breaks off inside an oversized event is not taken for one that sends nothing (hostile
    /// pass 3: it reconnected for ever, "nothing received", with no word of what was dropped).
    mutating func connectionEnded() -> [UInt8] {
        var pending = dataDropped > 0 ? dataDropped : data.count
        if line.starts(with: Array("data".utf8)), line.count == 4 || line[4] == Self.colon {
            pending += line.count + lineDropped
        }
        guard dataDropped > 0 || pending > maxValueBytes + 1 else { return [] }
        events += 1
        startConnection()
        return [EventSplitter.separator] + Array("-\(pending)\n".utf8)
    }

    /// Reads `bytes`; returns the records of the events they completed (often none).
    mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        while start < bytes.count {
            if afterCR {
                afterCR = false
                if bytes[start] == Self.lineFeed {
                    start += 1
                    continue
                }
            }
            guard let end = bytes[start...].firstIndex(where: { $0 == Self.lineFeed || $0 == Self.carriageReturn }) else {
                appendToLine(bytes[start...])
                break
            }
            appendToLine(bytes[start..<end])
            afterCR = bytes[end] == Self.carriageReturn
            finishLine(into: &out)
            start = end + 1
        }
        return out
    }

    private mutating func appendToLine(_ bytes: ArraySlice<UInt8>) {
        // A data line may be as long as an event may be; any other field is far shorter.
        let room = maxValueBytes + Self.fieldNameRoom - line.count
        if lineDropped > 0 || bytes.count > room {
            let kept = max(0, min(room, bytes.count))
            line.append(contentsOf: bytes.prefix(kept))
            lineDropped += bytes.count - kept
        } else {
            line.append(contentsOf: bytes)
        }
    }

    private mutating func finishLine(into out: inout [UInt8]) {
        defer {
            line.removeAll(keepingCapacity: line.count < 65_536)
            lineDropped = 0
        }
        if atConnectionStart {
            atConnectionStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        guard let first = line.first else {
            dispatch(into: &out)
            return
        }
        if first == Self.colon {
            comments += 1
            return
        }
        let colon = line.firstIndex(of: Self.colon) ?? line.endIndex
        let name = line[..<colon]
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex, line[valueStart] == Self.space { valueStart += 1 }
        let value = line[valueStart...]
        if name.elementsEqual("data".utf8) {
            appendData(value, dropped: lineDropped)
        } else if name.elementsEqual("id".utf8) {
            if lineDropped == 0, !value.contains(0) {
                idBuffer = String(decoding: value, as: UTF8.self)
                eventNamesID = true
            }
        } else if name.elementsEqual("retry".utf8) {
            if lineDropped == 0, !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
               let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
                retryMilliseconds = milliseconds
            }
        }
        // `event:` and unknown fields change nothing the list shows.
    }

    private mutating func appendData(_ value: ArraySlice<UInt8>, dropped: Int) {
        let size = value.count + dropped + 1
        if dataDropped > 0 {
            dataDropped += size
        } else if data.count + size > maxValueBytes + 1 {
            // The LF that ends the data is not part of it: one byte of slack.
            dataDropped = data.count + size
            data.removeAll()
        } else {
            data.append(contentsOf: value)
            data.append(Self.lineFeed)
        }
    }

    /// A blank line: the event is complete.
    private mutating func dispatch(into out: inout [UInt8]) {
        lastEventID = idBuffer
        let itemID = eventNamesID && !idBuffer.isEmpty && idBuffer.utf8.count <= Self.maxItemIDBytes ? Array(idBuffer.utf8) : []
        defer {
            data.removeAll(keepingCapacity: data.count < 65_536)
            dataDropped = 0
            eventNamesID = false
        }
        if dataDropped > 0 {
            out.append(EventSplitter.separator)
            out.append(contentsOf: Array("-\(dataDropped - 1)\n".utf8))
            events += 1
            return
        }
        guard !data.isEmpty else { return }
        data.removeLast()
        // `event: ping` with an empty `data:`: a keep-alive, not an item (browsers dispatch it
        // with data ""; a row of nothing tells the user nothing).
        guard !data.isEmpty else { return }
        out.append(EventSplitter.separator)
        out.append(contentsOf: Array((itemID.isEmpty ? "\(data.count)\n" : "\(data.count) \(itemID.count)\n").utf8))
        out.append(contentsOf: itemID)
        out.append(contentsOf: data)
        events += 1
    }
}
