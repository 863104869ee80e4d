/// `--dump` as a model of the event loop: it asks for page after page, writes every item's JSON
/// as a line (`.output`), says how the list ended on stderr (`.report`) and quits: 0 when the list
/// is complete or `--max-items` is reached, 1 after a failure, having written everything loaded,
/// and 1 when a page came with a warning (a value skipped or damaged, an input cut off, a GraphQL
/// answer with errors beside its data), having written everything readable: what `jq` would
/// fail on too.
/// It draws nothing: its screen paints nothing.
///
/// With `follow` (`--dump --follow`) it does not quit at the end of the list (or at
/// `--max-items`): it polls the first page every `follow` seconds and writes the new items as
/// they appear, oldest first, like `tail -f`, until a signal or a failed write ends it
/// (DumpFollowing.swift).
public struct DumpModel: Model {
    /// Stop after this many items (the last page is cut short); nil follows the list to its end.
    public let maxItems: Int?
    /// Report each page's size and latency (the loader's notes come through the loop too).
    public let verbose: Bool
    /// Items written so far.
    public internal(set) var written = 0
    private var nextPage = 0
    var requestIDs = RequestIDs()
    /// The last wait reported, by request and reason, so a countdown is said once, not every
    /// second, and the same wait of a later page is said again (hostile pass 3: a dump said
    /// only the first of several rate-limit waits, each with the same reason).
    private var lastWait: (request: RequestID, reason: String)?

    /// Write each item's row text (`--format`) instead of its JSON.
    public let writesText: Bool
    /// Seconds between polls for new items once the list is written; nil to quit then.
    public let follow: Double?
    /// `--format`'s fields, checked on the first page with items, then emptied (`FieldCheck`).
    public var fieldCheck = FieldCheck()
    /// Following, once the list is written (nil before, and without `follow`).
    var following: DumpFollowing?
    /// The time of the last message, on the loop's clock.
    var clock: Double?
    /// Pages read at the tail, and when the progress line was last said (`progressLine`).
    private var pagesRead = 0
    private var lastProgress: Double?
    /// Whether a page came with a warning (values skipped, an `--items` array missing).
    private(set) var warned = false

    /// `--jq`: the program each item goes through before it is written; nil writes the items.
    public var query: (any ItemQuery)?
    /// Items put through the query so far, and those it failed on.
    var queried = 0
    var queryFailures = 0
    /// `--slurp`: the items kept for one run of the query over all of them; nil runs it on each.
    public var slurp: Slurp?
    /// `--output`: what is written (csv, tsv, one JSON array); nil writes JSON lines.
    public var export: Export?
    /// `--count FIELD`: the values of a field counted over the walk, written at its end.
    public var countField: Counting?
    /// Set when `--slurp` or `--count` gave up writing anything: nothing closes the output then.
    var wroteNothing = false
    /// The option whose answer is written only at a whole end (`--slurp`, `--count`): what an
    /// interruption says wrote nothing.
    public var answersAtTheEnd: String? {
        if slurp != nil { return "--slurp" }
        if countField != nil { return "--count" }
        return nil
    }

    public init(maxItems: Int? = nil, verbose: Bool = false, writesText: Bool = false, follow: Double? = nil) {
        self.maxItems = maxItems
        self.verbose = verbose
        self.writesText = writesText
        self.follow = follow
    }

    public var isAnimating: Bool { false }

    public var wakeTime: Double? { following?.wakeTime }

    public func frame() -> Frame { Frame(size: Size(rows: 0, columns: 0), rows: []) }

    public mutating func start() -> [Effect] {
        // Following still reads the first page: what is new later is what it did not hold.
        // No item at all still goes through the stages: `--slurp --jq length` writes 0.
        if let maxItems, maxItems <= 0, follow == nil { return stages([.quit(code: 0, output: [])]) }
        return [request()]
    }

    public mutating func update(_ message: Message, at time: Double) -> [Effect] {
        clock = time
        return stages(following != nil ? followUpdate(message) : listUpdate(message))
    }

    /// What is written goes through the program (`--jq`, `--slurp`), the counts (`--count`),
    /// then the format (`--output`), in that order.
    private mutating func stages(_ effects: [Effect]) -> [Effect] {
        var effects = applyingQuery(effects)
        if var counted = countField {
            effects = counting(effects, into: &counted)
            countField = counted
        }
        return applyingExport(effects)
    }

    private mutating func listUpdate(_ message: Message) -> [Effect] {
        switch message {
        case .pageLoaded(let result):
            return loaded(result)
        case .pageFailed(let failure):
            let report = "infinilist: \(failure.message) (page \(failure.request.page + 1); \(Self.count(written, "item")) written)"
            return [.report(report), .quit(code: 1, output: [])]
        case .pageWaiting(let wait):
            return waiting(wait)
        case .key, .mouse, .resized, .tick, .wallClock, .commandReport, .fileWritten, .viewSaved, .rowsCounted:
            return []
        }
    }

    private mutating func loaded(_ result: PageResult) -> [Effect] {
        let room = maxItems.map { max(0, $0 - written) } ?? result.items.count
        let lines = result.items.prefix(room)
        written += lines.count
        pagesRead += 1
        var effects: [Effect] = [.output(lines, itemLine)]
        if let missing = checkFields(result) { effects.append(missing) }
        if let progress = progressLine() { effects.append(progress) }
        // Said whatever -v says (-v has the loader's own note instead): a script must be able
        // to tell a partial page from a whole one.
        if let warning = result.warning {
            warned = true
            if !verbose { effects.append(.report("infinilist: page \(result.request.page + 1): \(warning)")) }
        }
        if verbose {
            let milliseconds = Int((result.latency * 1000).rounded())
            effects.append(.report("page \(result.request.page + 1): \(Self.count(result.items.count, "item")) in \(milliseconds) ms"))
        }
        if let maxItems, written >= maxItems {
            if verbose { effects.append(.report("stopped: --max-items \(maxItems) reached")) }
            return effects + startFollowing()
        }
        if let end = result.end {
            // How the list ended is always said (on stderr): a script can tell a complete dump from a cut one.
            effects.append(.report("end: \(end.text) (\(Self.count(written, "item")))"))
            if written == 0, warned, follow == nil {
                return effects + [.report("infinilist: nothing written: what the input held was skipped (said above)"), .quit(code: 1, output: [])]
            }
            if end.stoppedShort, follow == nil {
                // Paging could not go on though the server said there is more: a partial export.
                return effects + [.report("infinilist: \(Self.count(written, "item")) written, but paging stopped short of the list's end (said above)"), .quit(code: 1, output: [])]
            }
            return effects + startFollowing()
        }
        return effects + [request()]
    }

    /// The fields of `--format` no item of the first page with items has, said once on stderr;
    /// the dump goes on (an optional field may come later).
    private mutating func checkFields(_ result: PageResult) -> Effect? {
        guard !fieldCheck.isEmpty, !result.items.isEmpty else { return nil }
        defer { fieldCheck = FieldCheck() }
        let values = result.items.prefix(FieldCheck.itemsChecked).map { (try? JSONParser.parse($0.json)) ?? .null }
        return fieldCheck.message(for: values).map { .report("infinilist: \($0)") }
    }

    /// A countdown, said once per reason; -v has the loader's own note instead. A quiet pipe is
    /// no news: the dump simply goes on when it sends more.
    mutating func waiting(_ wait: PageWait) -> [Effect] {
        guard !verbose, !wait.waitsForInput || wait.waitsForWriter,
              lastWait.map({ $0.request != wait.request.id || $0.reason != wait.reason }) ?? true else { return [] }
        lastWait = (wait.request.id, wait.reason)
        if wait.skips || wait.waitsForWriter { return [.report("infinilist: page \(wait.request.page + 1): \(wait.reason)")] }
        let action = wait.isRetry ? "retrying" : "next request"
        let page = wait.request.poll != nil ? "new items" : "page \(wait.request.page + 1)"
        return [.report("infinilist: \(page): \(wait.reason); \(action) in \(wait.seconds) s")]
    }

    /// Seconds between two progress lines: often enough to look alive, rarely enough to cost
    /// nothing next to the output.
    static let progressInterval = 0.25

    /// `12 pages · 1,200 items · 340 items/s`, at most every `progressInterval` (the first page
    /// at once); shown only where stderr is a terminal (`Effect.progress`).
    private mutating func progressLine() -> Effect? {
        guard let now = clock else { return nil }
        if let last = lastProgress, now - last < Self.progressInterval { return nil }
        lastProgress = now
        var text = "\(Counted.text(pagesRead, "page", grouped: true)) · \(Counted.text(written, "item", grouped: true))"
        if now >= 1 { text += " · \(Counted.text(Int((Double(written) / now).rounded()), "item", grouped: true))/s" }
        return .progress(text + " (Ctrl-C stops, keeping what was written)")
    }

    /// How an item is written: its JSON, or its row text with `--format`.
    var itemLine: ItemLine { writesText ? .text : .json }

    mutating func request() -> Effect {
        defer { nextPage += 1 }
        return .load(requestIDs.request(page: nextPage))
    }

    /// `1 item`, `2 items`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
