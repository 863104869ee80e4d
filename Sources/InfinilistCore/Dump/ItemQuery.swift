/// A program run on each item (`--jq`): before `--dump` writes it, each item gives zero, one or
/// several lines; on the screen, zero, one or several rows (`RowQuery`). A protocol so the core stays free of any query language: the `JQ` target's
/// program is given to the dump through it by the command.
public protocol ItemQuery: Sendable {
    /// The lines written for one item, given as its compact JSON (read in place: a page's
    /// items share its buffer, and a `String` of each was one more copy and check per item);
    /// throws `ItemQueryError` when the program fails on it (the dump says so and goes on with
    /// the next item, as jq does).
    func lines(for itemJSON: SharedText) throws(ItemQueryError) -> [String]
    /// The values the program makes of one item (on the screen, where they become rows).
    func outputs(for item: JSONValue) throws(ItemQueryError) -> [JSONValue]
    /// Runs `body`, whose `outputs(for:)` on this thread share `steps` between them (the
    /// screen's runs over many items at once, `RunBudget`).
    func withinSteps<T>(_ steps: Int, _ body: () -> T) -> T
}

extension ItemQuery {
    public func withinSteps<T>(_ steps: Int, _ body: () -> T) -> T { body() }
}

/// Why a query failed on one item: one line, as the query language words it.
public struct ItemQueryError: Error, Sendable, Equatable {
    public let message: String
    /// The program ran out of the steps the screen allows one item: it would likely run as long
    /// on the next, so the screen stops running it for the rest of the page.
    public let outOfSteps: Bool
    public init(_ message: String, outOfSteps: Bool = false) {
        self.message = message
        self.outOfSteps = outOfSteps
    }
}

extension DumpModel {
    /// The exit status when the query failed on some item: jq's own (5), so a script that ran
    /// `jq` over a dump can run `--dump --jq` alike.
    static let queryFailedStatus: Int32 = 5

    /// `effects` with the items to write put through the query: each `.output` of JSON becomes
    /// the query's lines, in order, and a failure is said on stderr with the item's number; at
    /// the end a run where the query failed exits 5.
    mutating func applyingQuery(_ effects: [Effect]) -> [Effect] {
        guard let query else { return effects }
        if var slurp {
            defer { self.slurp = slurp }
            return slurping(effects, into: &slurp, query: query)
        }
        var applied: [Effect] = []
        for effect in effects {
            switch effect {
            case .output(let items, .json):
                var lines: [String] = []
                for item in items {
                    queried += 1
                    do {
                        lines += try query.lines(for: item.jsonText)
                    } catch {
                        queryFailures += 1
                        if !lines.isEmpty { applied.append(.outputLines(lines)) }
                        lines = []
                        applied.append(.report("infinilist: --jq failed on item \(queried): \(error.message)"))
                        // A program that never ends would do so on the next item too: the dump stops.
                        if error.outOfSteps { return applied + [.quit(code: Self.queryFailedStatus, output: [])] }
                    }
                }
                if !lines.isEmpty { applied.append(.outputLines(lines)) }
            case .quit(0, let output) where queryFailures > 0:
                applied.append(.report("infinilist: --jq failed on \(Self.count(queryFailures, "item")) (said above)"))
                applied.append(.quit(code: Self.queryFailedStatus, output: output))
            default:
                applied.append(effect)
            }
        }
        return applied
    }
}
