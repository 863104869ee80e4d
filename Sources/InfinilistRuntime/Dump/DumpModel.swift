import InfinilistCore

/// `--dump` as a model of the event loop: it asks for page after page, writes every item's JSON
/// as a line (`.output`), says how the list ended on stderr (`.report`) and quits: 0 when the list
/// is complete or `--max-items` is reached, 1 after a failure, having written everything loaded.
/// It draws nothing: its screen paints nothing.
public struct DumpModel: Model {
    /// Stop after this many items (the last page is cut short); nil follows the list to its end.
    public let maxItems: Int?
    /// Report each page's size and latency (the loader's notes come through the loop too).
    public let verbose: Bool
    /// Items written so far.
    public private(set) var written = 0
    private var nextPage = 0
    private var lastRequestID = 0
    /// The last wait reported, so a countdown is said once, not every second.
    private var lastWaitReason: String?

    /// Write each item's row text (`--format`) instead of its JSON.
    public let writesText: Bool

    public init(maxItems: Int? = nil, verbose: Bool = false, writesText: Bool = false) {
        self.maxItems = maxItems
        self.verbose = verbose
        self.writesText = writesText
    }

    public var isAnimating: Bool { false }

    public func frame() -> Frame { Frame(size: Size(rows: 0, columns: 0), rows: []) }

    public mutating func start() -> [Effect] {
        if let maxItems, maxItems <= 0 { return [.quit(code: 0, output: [])] }
        return [request()]
    }

    public mutating func update(_ message: Message, at time: Double) -> [Effect] {
        switch message {
        case .pageLoaded(let result):
            return loaded(result)
        case .pageFailed(let failure):
            let report = "infinilist: \(failure.message) (page \(failure.request.page + 1); \(Self.count(written, "item")) written)"
            return [.report(report), .quit(code: 1, output: [])]
        case .pageWaiting(let wait):
            // Said once per reason; -v has the loader's own note instead.
            // A quiet pipe is no news: the dump simply goes on when it sends more.
            guard !verbose, !wait.waitsForInput, wait.reason != lastWaitReason else { return [] }
            lastWaitReason = wait.reason
            let action = wait.isRetry ? "retrying" : "next request"
            return [.report("infinilist: page \(wait.request.page + 1): \(wait.reason); \(action) in \(wait.seconds) s")]
        case .key, .mouse, .resized, .tick, .wallClock, .actionReport:
            return []
        }
    }

    private mutating func loaded(_ result: PageResult) -> [Effect] {
        let room = maxItems.map { max(0, $0 - written) } ?? result.items.count
        let lines = result.items.prefix(room).map { writesText ? $0.text : $0.json }
        written += lines.count
        var effects: [Effect] = [.output(Array(lines))]
        // Said whatever -v says (-v has the loader's own note instead): a script must be able
        // to tell a partial page from a whole one.
        if let warning = result.warning, !verbose {
            effects.append(.report("infinilist: page \(result.request.page + 1): \(warning)"))
        }
        if verbose {
            let milliseconds = Int((result.latency * 1000).rounded())
            effects.append(.report("page \(result.request.page + 1): \(Self.count(result.items.count, "item")) in \(milliseconds) ms"))
        }
        if let maxItems, written >= maxItems {
            if verbose { effects.append(.report("stopped: --max-items \(maxItems) reached")) }
            return effects + [.quit(code: 0, output: [])]
        }
        if let end = result.end {
            // How the list ended is always said (on stderr): a script can tell a complete dump from a cut one.
            return effects + [.report("end: \(end.text) (\(Self.count(written, "item")))"), .quit(code: 0, output: [])]
        }
        return effects + [request()]
    }

    private mutating func request() -> Effect {
        lastRequestID += 1
        defer { nextPage += 1 }
        return .load(PageRequest(id: RequestID(lastRequestID), page: nextPage))
    }

    /// `1 item`, `2 items`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
