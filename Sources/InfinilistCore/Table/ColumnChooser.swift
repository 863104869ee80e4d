/// Picks the columns of the default table from the first page, deterministically: the same page
/// always gives the same columns, in the same order (docs/decisions.md, "Columns by default").
///
/// At most six, from the fields of the item (or of the wrapper object Reddit, JSON:API and
/// Airtable put it in) and of the objects one level into it that records are commonly wrapped in
/// (`metadata` and `status` of a Kubernetes object, Elasticsearch's `_source`: `lookedInto`), each
/// kind taken once, in this order of preference: the title-like field
/// (the one flexible column), a person (author, user, ...), a date, a reference number, a state,
/// and up to two counts (score, points, comments, ...). They are shown as reference, title,
/// person, state, counts, date. A field counts only when at least half the page has it, not
/// null, and every value of it has the expected type. With fewer than two columns there is no
/// table: the row is today's one line.
enum ColumnChooser {
    struct Choice: Equatable {
        let specs: [ColumnSpec]
        /// The index in `specs` of the flexible (title) column.
        let flexible: Int
    }

    static let maxColumns = 6

    static let referenceKeys = ["number", "iid"]
    static let personKeys = [
        "author", "user", "by", "owner", "creator", "sender", "from", "account", "username", "login",
        "screen_name", "user_name", "author_name", "email",
    ]
    /// Inside a person object: the field that names them.
    static let personNameKeys = ["login", "username", "screen_name", "acct", "name", "display_name", "email"]
    static let stateKeys = ["state", "status", "stage", "phase", "priority", "severity", "level"]
    static let countKeys = [
        "score", "points", "comments", "num_comments", "comments_count", "comment_count",
        "replies_count", "descendants", "answer_count", "ups", "likes", "likes_count",
        "favourites_count", "favorites_count", "stargazers_count", "stars", "reblogs_count",
        "retweet_count", "votes", "view_count", "views", "downloads", "forks_count", "balance",
        "amount", "price", "total", "quantity", "count",
    ]
    static let dateKeys = [
        "created_at", "createdAt", "created", "created_utc", "created_at_i", "published_at",
        "publishedAt", "published", "date", "time", "timestamp", "updated_at", "updatedAt", "updated",
        "modified", "creationTimestamp",
    ]
    /// The longest value a state or reference may have on the first page to count as one.
    static let shortText = 20
    /// Objects whose fields count as the record's own, after them: a field of the item is
    /// preferred to one of the same name in these, and these in this order.
    /// Objects that hold the whole record (Reddit's `data`, JSON:API's `attributes`, Airtable's
    /// `fields`, Google's `snippet`): the record is read there when the item has no title. Not
    /// Kubernetes' `metadata`, which holds the name but not the status.
    static let recordWrappers = ["data", "attributes", "fields", "snippet"]
    static let lookedInto = ["metadata", "_source", "status", "properties", "attributes", "fields", "node", "data", "snippet"]

    /// The fields of objects a program made (`--jq`) or a file holds, when `choose` finds no
    /// table in them (no title-like field): each key of the first items, in the order they
    /// first appear, at most `ColumnSpec.maxColumns`; nil unless most of the items are objects.
    /// A program's `{id, name}` is a table of id and name, and so is its csv.
    static func keys(firstPage items: [JSONValue]) -> [ColumnSpec]? {
        let page = items.compactMap(\.objectValue)
        guard !page.isEmpty, page.count * 2 >= items.count else { return nil }
        var seen = Set<String>()
        var specs: [ColumnSpec] = []
        for object in page {
            for key in object.keys where seen.insert(key).inserted {
                specs.append(ColumnSpec(path: JSONPath([.key(key)])))
                if specs.count == ColumnSpec.maxColumns { return specs }
            }
        }
        return specs.isEmpty ? nil : specs
    }

    static func choose(firstPage items: [JSONValue]) -> Choice? {
        let page = items.compactMap(\.objectValue)
        guard !page.isEmpty, page.count * 2 >= items.count else { return nil }
        let root = recordRoot(page)
        let records: [JSONValue.Members] = root.map { key in page.map { $0[key]?.objectValue ?? [:] } } ?? page
        let fields = Fields(records: records, total: items.count, lookingInto: lookedInto)
        guard let title = fields.title() else { return nil }
        var used: Set<String> = [title]
        // Preference decides which make the cut; `place` decides where they are shown.
        var picked: [(path: [String], place: Int)] = [(fields.path(of: title), 1)]
        /// `field`: a field's name as `Fields` knows it; `inner`: the name inside it, for a person.
        func add(_ field: String?, inner: String? = nil, place: Int) {
            guard let field, !used.contains(field), picked.count < maxColumns else { return }
            used.insert(field)
            picked.append((fields.path(of: field) + (inner.map { [$0] } ?? []), place))
        }
        if let person = fields.person(excluding: used) { add(person.field, inner: person.inner, place: 2) }
        add(fields.date(excluding: used), place: 5)
        add(fields.reference(), place: 0)
        add(fields.state(), place: 3)
        for count in fields.counts(excluding: used).prefix(2) {
            add(count, place: 4)
        }
        guard picked.count >= 2 else { return nil }
        // Stable: counts keep their order of preference.
        let ordered = picked.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(\.element)
        let prefix = root.map { [JSONPath.Component.key($0)] } ?? []
        let specs = ordered.map { ColumnSpec(path: JSONPath(prefix + $0.path.map(JSONPath.Component.key))) }
        let flexible = ordered.firstIndex { $0.place == 1 } ?? 0
        return Choice(specs: specs, flexible: flexible)
    }

    /// The wrapper key the records are under (`data` for Reddit), or nil for the item itself:
    /// the item unless it has no title-like field while a wrapper does.
    static func recordRoot(_ page: [JSONValue.Members]) -> String? {
        func hasTitle(_ records: [JSONValue.Members]) -> Bool {
            Fields(records: records, total: records.count).title(textKeysOnly: true) != nil
        }
        if hasTitle(page) { return nil }
        for wrapper in recordWrappers {
            let inner = page.compactMap { $0[wrapper]?.objectValue }
            if inner.count * 2 >= page.count, hasTitle(inner) { return wrapper }
        }
        return nil
    }
}

/// The first page's records, asked which of their fields fit each kind of column.
///
/// A field is named by its key, or `wrapper.key` for one inside an object `lookingInto` names;
/// the kinds of column ask for a key, and get the record's own field of that key first, then
/// the wrappers' (`candidates(_:)`).
///
/// Each record's members are read once, into the values of each field: an object's lookups are
/// linear (`JSONObject`), and the kinds of column ask for every key, so asking each record for
/// each key would cost records × keys² on a page of records with very many keys.
private struct Fields {
    let total: Int
    /// Every field of the records: the records' own in the order first met, then each wrapper's.
    let keysInOrder: [String]
    /// Each field's values that are not null, in the records' order.
    private let valuesByKey: [String: [JSONValue]]
    /// The path of each field inside a wrapper (`["metadata", "name"]`); a record's own is its key.
    private let wrappedPaths: [String: [String]]
    /// The fields of each key (lowercased: Notion's properties are `Name`, `Status`), the
    /// record's own first.
    private let byKey: [String: [String]]
    /// The type every value of a field names, for typed values (`TypedValue`: Notion's `title`,
    /// `date`, …); a field whose values disagree has none.
    private let typeByField: [String: String]

    init(records: [JSONValue.Members], total: Int, lookingInto wrappers: [String] = []) {
        self.total = total
        var own: [String] = []
        var wrapped: [[String]] = Array(repeating: [], count: wrappers.count)
        var values: [String: [JSONValue]] = [:]
        var paths: [String: [String]] = [:]
        var byKey: [String: [String]] = [:]
        var types: [String: String?] = [:]
        func add(_ field: String, _ typed: JSONValue, into list: inout [String]) {
            if values[field] == nil {
                list.append(field)
                values[field] = []
            }
            let type = TypedValue.type(of: typed)
            if let seen = types[field] { if seen != type { types[field] = .some(nil) } } else { types[field] = type }
            let value = TypedValue.content(of: typed)
            if !value.isNull { values[field, default: []].append(value) }
        }
        for record in records {
            for (key, value) in record { add(key, value, into: &own) }
            for (index, wrapper) in wrappers.enumerated() {
                guard let inner = record[wrapper]?.objectValue else { continue }
                for (key, value) in inner {
                    let field = wrapper + "." + key
                    if paths[field] == nil { paths[field] = [wrapper, key] }
                    add(field, value, into: &wrapped[index])
                }
            }
        }
        keysInOrder = own + wrapped.joined()
        for field in keysInOrder { byKey[(paths[field]?.last ?? field).lowercased(), default: []].append(field) }
        typeByField = types.compactMapValues { $0 }
        valuesByKey = values
        wrappedPaths = paths
        self.byKey = byKey
    }

    /// The path of a field, for its column.
    func path(of field: String) -> [String] { wrappedPaths[field] ?? [field] }

    /// The fields of a key: the record's own, then each wrapper's.
    private func candidates(_ key: String) -> [String] { byKey[key.lowercased()] ?? [] }

    /// The fields whose values are all typed `type` (Notion's `title` property, whatever its name).
    private func typed(_ type: String) -> [String] { keysInOrder.filter { typeByField[$0] == type } }

    /// The values of `key` that are not null, when at least half the records have one.
    private func values(_ key: String) -> [JSONValue]? {
        guard let present = valuesByKey[key] else { return nil }
        return present.count * 2 >= max(1, total) ? present : nil
    }

    private func strings(_ key: String) -> [String]? {
        guard let values = values(key) else { return nil }
        let texts = values.compactMap(\.stringValue)
        return texts.count == values.count ? texts : nil
    }

    private func isNumeric(_ key: String) -> Bool {
        guard let values = values(key) else { return false }
        return values.allSatisfy { if case .number = $0 { return true } else { return false } }
    }

    /// The row's title: the first of the row guess's keys holding text; else (unless
    /// `textKeysOnly`) the string field with the widest values that is neither a date nor a URL.
    func title(textKeysOnly: Bool = false) -> String? {
        if let field = typed("title").first(where: { strings($0) != nil }) { return field }
        for key in ItemFormatter.textKeys {
            for field in candidates(key) {
                if let texts = strings(field), texts.contains(where: { !$0.allSatisfy(\.isWhitespace) }) { return field }
            }
        }
        guard !textKeysOnly else { return nil }
        var best: (key: String, width: Int)?
        for key in keysInOrder {
            guard let texts = strings(key), !texts.isEmpty,
                  !texts.contains(where: { DateValue.iso8601($0) != nil || $0.hasPrefix("http") }) else { continue }
            let width = texts.map { DisplayWidth.of(TerminalText.sanitize($0)) }.max() ?? 0
            if width > (best?.width ?? 0) { best = (key, width) }
        }
        return best?.key
    }

    /// A person's name: a text field, or the name inside a person object (`user.login`).
    func person(excluding used: Set<String>) -> (field: String, inner: String?)? {
        for key in ColumnChooser.personKeys {
            for field in candidates(key) where !used.contains(field) {
                guard let values = values(field) else { continue }
                if values.allSatisfy({ $0.stringValue != nil }) { return (field, nil) }
                let objects = values.compactMap(\.objectValue)
                guard objects.count == values.count else { continue }
                for inner in ColumnChooser.personNameKeys {
                    let names = objects.filter { $0[inner]?.stringValue != nil }.count
                    if names * 2 >= max(1, total) { return (field, inner) }
                }
            }
        }
        return nil
    }

    func date(excluding used: Set<String>) -> String? {
        func isDate(_ field: String) -> Bool {
            guard let values = values(field), !values.isEmpty else { return false }
            return values.allSatisfy { CellValue.dateCell($0) != nil && ($0.stringValue != nil || DateValue.isDateName(key(of: field))) }
        }
        for key in ColumnChooser.dateKeys {
            if let field = candidates(key).first(where: { !used.contains($0) && isDate($0) }) { return field }
        }
        return keysInOrder.first { !used.contains($0) && (DateValue.isDateName(key(of: $0)) || typeByField[$0] == "date") && isDate($0) }
    }

    /// The key a field has in its record or its wrapper.
    private func key(of field: String) -> String { path(of: field).last ?? field }

    func reference() -> String? {
        for key in ColumnChooser.referenceKeys {
            if let field = candidates(key).first(where: isNumeric) { return field }
        }
        return nil
    }

    func state() -> String? {
        for key in ColumnChooser.stateKeys {
            let short = candidates(key).first { field in
                guard let texts = strings(field) else { return false }
                return texts.allSatisfy { DisplayWidth.of(TerminalText.sanitize($0)) <= ColumnChooser.shortText }
            }
            if let short { return short }
        }
        return nil
    }

    /// Count fields in order of preference, then other `*_count` and `num_*` fields in document
    /// order; never one named like a date.
    func counts(excluding used: Set<String>) -> [String] {
        var found = ColumnChooser.countKeys.flatMap(candidates).filter { !used.contains($0) && isNumeric($0) }
        var chosen = Set(found)
        for field in keysInOrder where !used.contains(field) && !chosen.contains(field) {
            let key = key(of: field)
            guard key.hasSuffix("_count") || key.hasPrefix("num_"), isNumeric(field) else { continue }
            found.append(field)
            chosen.insert(field)
        }
        return found.filter { !DateValue.isDateName(key(of: $0)) }
    }
}
