import InfinilistCore

/// Chooses the field that identifies items when `--id` is not given, for de-duplication.
///
/// Dropping an item wrongly loses data, so the rule is narrow: only the fields that are
/// identities by convention (`id`, Algolia's `objectID`, `uuid`, MongoDB's `_id`; not
/// `name` or `title`, which repeat), and only when every object of the page has that field as a
/// string or number and no two share a value. Other items (a line of text, a number among the
/// objects) have no fields: they are told by their JSON, and do not stop the detection (one
/// string on a live list's first page made every poll put its changed items in again: hostile
/// pass of session 30). Decided per page, so it needs no state. Every
/// style uses it: page and offset APIs repeat items that shifted, and a cursor or link API that
/// answers the same page again (a stuck cursor) repeats them too.
enum IdDetection {
    static let candidates = ["id", "objectID", "uuid", "_id"]

    static func detect(in items: PageItems) -> JSONPath? {
        let objects = (0..<items.count).filter(items.isObject(at:))
        guard !objects.isEmpty else { return nil }
        for key in candidates {
            let path = FieldPaths.path(key)
            var seen = Set<String>()
            seen.reserveCapacity(objects.count)
            let usable = objects.allSatisfy { position in
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
