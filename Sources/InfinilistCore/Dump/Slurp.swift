/// `--dump --jq PROGRAM --slurp`: the program runs once, over the array of every item of the
/// walk, when the list has ended (gh's `--paginate --slurp --jq`, so totals over a paginated list
/// come out right). The items are kept as their compact JSON, one array's text, until then,
/// within `limit` bytes: past it the dump stops and says so, having written nothing, as it does
/// when the walk fails or is interrupted: a slurped answer is all or nothing.
public struct Slurp: Sendable {
    /// The most bytes of items' JSON kept (`--slurp-max`).
    public let limit: Int
    /// `[` and the items' JSON so far, separated by commas.
    private var text = "["
    private(set) var items = 0

    public init(limit: Int) { self.limit = limit }

    /// Keeps `items`; false once the JSON kept passes the limit.
    mutating func keep(_ items: some Sequence<Item>) -> Bool {
        for item in items {
            if self.items > 0 { text.append(",") }
            text.append(item.json)
            self.items += 1
            guard text.utf8.count <= limit else { return false }
        }
        return true
    }

    /// The array of every item kept, as JSON text.
    var arrayJSON: String { text + "]" }
}

extension DumpModel {
    /// `effects` with the items kept for the slurp instead of written, and, when the list has
    /// ended whole, the program's lines over all of them before the quit.
    mutating func slurping(_ effects: [Effect], into slurp: inout Slurp, query: any ItemQuery) -> [Effect] {
        var applied: [Effect] = []
        for effect in effects {
            switch effect {
            case .output(let items, .json):
                guard slurp.keep(items) else {
                    wroteNothing = true
                    let limit = "\(NumberText.grouped(slurp.limit)) bytes of JSON"
                    return applied + [
                        .report("infinilist: --slurp: the items passed \(limit) (--slurp-max) at item \(NumberText.grouped(slurp.items)); nothing written. Read fewer with --max-items, raise --slurp-max, or leave out --slurp to run the program on each item"),
                        .quit(code: 1, output: []),
                    ]
                }
            case .quit(0, let output):
                do {
                    let lines = try query.lines(for: SharedText(slurp.arrayJSON))
                    if !lines.isEmpty { applied.append(.outputLines(lines)) }
                    applied.append(.quit(code: 0, output: output))
                } catch {
                    applied.append(.report("infinilist: --jq failed on the slurped array of \(Self.count(slurp.items, "item")): \(error.message)"))
                    applied.append(.quit(code: Self.queryFailedStatus, output: output))
                }
            case .quit(let code, let output):
                wroteNothing = true
                applied.append(.report("infinilist: --slurp: the list did not end whole; nothing written"))
                applied.append(.quit(code: code, output: output))
            default:
                applied.append(effect)
            }
        }
        return applied
    }
}
