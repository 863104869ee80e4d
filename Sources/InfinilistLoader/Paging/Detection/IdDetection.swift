import InfinilistCore

/// Chooses the field that identifies items when `--id` is not given, for de-duplication.
///
/// Dropping an item wrongly loses data, so the rule is narrow: only the fields that are
/// identities by convention (`id`, Algolia's `objectID`, `uuid`, MongoDB's `_id`; not
/// `name` or `title`, which repeat), and only when every item of the page has that field as a
/// string or number and no two items share a value. Decided per page, so it needs no state. Every
/// style uses it: page and offset APIs repeat items that shifted, and a cursor or link API that
/// answers the same page again (a stuck cursor) repeats them too.
enum IdDetection {
    static let candidates = ["id", "objectID", "uuid", "_id"]

    static func detect(in items: PageItems) -> JSONPath? {
        guard !items.isEmpty else { return nil }
        for key in candidates {
            let path = FieldPaths.path(key)
            var seen = Set<String>()
            seen.reserveCapacity(items.count)
            let usable = (0..<items.count).allSatisfy { position in
                guard let value = items.member(path, at: position) else { return false }
                let text: String
                switch value {
                case .string(let string): text = "s" + string
                case .number(let literal): text = "n" + literal
                default: return false
                }
                return seen.insert(text).inserted
            }
            if usable { return path }
        }
        return nil
    }
}
