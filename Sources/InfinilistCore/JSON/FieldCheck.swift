/// The fields a user named (`--format '{titel}'`, `--columns number,titel`), checked once against
/// the first page that has items: a field no item has is almost always a typo, and it showed as
/// nothing at all (rows like ` by hborla`, an empty column, blank lines from `--dump`). The
/// message names the field and the item fields nearest it (`NearestWords`), so the fix is one
/// look away. A field some item has (even as null) is fine: optional fields are missing from
/// some items of every API.
public struct FieldCheck: Sendable, Equatable {
    /// The paths to check, without repeats, in the order given.
    public let paths: [JSONPath]

    public init(paths: [JSONPath] = []) {
        var seen = Set<JSONPath>()
        self.paths = paths.filter { seen.insert($0).inserted }
    }

    public var isEmpty: Bool { paths.isEmpty }

    /// Items looked at: a first page of a pipe can hold thousands; a field missing from the first
    /// thousand items is worth a word even if a later one has it.
    public static let itemsChecked = 1000

    /// The one-line message for the paths no item of `items` has, or nil when each is found in
    /// some item (or there are no items to tell by).
    public func message(for items: [JSONValue]) -> String? {
        let items = items.prefix(Self.itemsChecked)
        guard !items.isEmpty else { return nil }
        let missing = paths.filter { path in !items.contains { $0[path] != nil } }
        guard !missing.isEmpty else { return nil }
        guard items.contains(where: { $0.objectValue != nil }) else {
            return "no item has \(Self.quotedList(missing)): the items are not objects with fields"
        }
        let fields = JSONShape.fields(of: items)
        let guesses: [(path: String, nearest: [String]?)] = missing.map { path in
            let written = path.description
            guard let nearest = NearestWords.nearest(to: written, among: fields),
                  NearestWords.isClose(nearest.distance, to: written) else { return (written, nil) }
            return (written, nearest.words)
        }
        if guesses.count == 1, let guess = guesses.first, let nearest = guess.nearest {
            return "no item has '\(guess.path)'; did you mean \(Self.alternatives(nearest))?"
        }
        let named = guesses.map { guess in
            guess.nearest.map { "'\(guess.path)' (did you mean \(Self.alternatives($0))?)" } ?? "'\(guess.path)'"
        }
        var text = "no item has " + Self.joined(named, with: "or")
        if guesses.contains(where: { $0.nearest == nil }) {
            let shown = fields.prefix(8).joined(separator: ", ")
            text += "; the items' fields: \(shown)\(fields.count > 8 ? ", …" : "")"
        }
        return text
    }

    private static func quotedList(_ paths: [JSONPath]) -> String {
        joined(paths.map { "'\($0)'" }, with: "or")
    }

    private static func alternatives(_ names: [String]) -> String {
        joined(names.map { "'\($0)'" }, with: "or")
    }

    /// `a`, `a or b`, `a, b or c`.
    static func joined(_ items: [String], with conjunction: String) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
