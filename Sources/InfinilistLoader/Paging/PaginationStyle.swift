import InfinilistCore

/// One way of walking an API from page to page (page numbers, offsets, cursors, the last item's
/// fields, next links). The HTTP source does the fetching and decoding, and `Pager` applies the
/// rules every style shares; a style only says which URL to request for a key and, from a decoded
/// response, what the next key is or why the list ends. New styles slot in without touching the
/// fetching code.
protocol PaginationStyle: Sendable {
    /// Shown by `--verbose`, e.g. `page numbers from 1 ({page} in the URL)`.
    var name: String { get }
    /// The end reason when the next request would repeat an earlier one (a cursor or link that
    /// comes back); nil for styles whose requests cannot repeat (counters).
    var repeatReason: EndReason? { get }
    /// Whether items may shift between requests (page and offset APIs), which is where an `id`
    /// field is looked for to drop duplicates without `--id`.
    var itemsMayShift: Bool { get }
    /// The URL template the user gave; `{limit}` is filled with `pageSize`.
    var template: URLTemplate { get }
    /// The first value of `{page}`.
    var firstPage: Int { get }
    var pageSize: Int { get }
    func next(after key: PageKey, response: PageResponse) -> NextPage
    /// The total number of items the answer reports, for the status line; by default the
    /// common fields and headers (`TotalCount`).
    func total(in response: PageResponse) -> Int?
}

extension PaginationStyle {
    func total(in response: PageResponse) -> Int? { TotalCount.find(in: response)?.value }

    func firstKey() -> PageKey { PageKey(page: firstPage, offset: 0) }

    /// The key's own URL when a response gave one (a next link), else the template filled in.
    func url(for key: PageKey) -> String { key.url ?? template.url(for: key, limit: pageSize) }
}

/// A style's decision about the page after the one just fetched, with `-v` notes explaining it.
enum NextPage: Sendable, Equatable {
    case page(PageKey, notes: [String] = [])
    case end(EndReason, notes: [String] = [])
}

extension URLTemplate {
    /// The URL for `key`: every placeholder filled from the key's fields.
    func url(for key: PageKey, limit: Int) -> String {
        fill { placeholder in
            switch placeholder {
            case .page: return String(key.page)
            case .offset: return String(key.offset)
            case .limit: return String(limit)
            case .cursor: return key.cursor
            case .last(let path): return key.lastItem[path]
            }
        }
    }

    /// The paths of the `{last.PATH}` placeholders.
    var lastItemPaths: [String] {
        placeholders.compactMap { placeholder in
            if case .last(let path) = placeholder { return path }
            return nil
        }
    }

    var hasPagingPlaceholder: Bool {
        placeholders.contains { $0 != .limit }
    }
}

extension PageKey {
    /// The key of the next page as far as every style agrees: counters advanced past this page's
    /// items and the fields of its last item that `template` asks for. Nil with the path of the
    /// first `{last.PATH}` field the last item lacks (the list cannot go on without it).
    func successor(after response: PageResponse, template: URLTemplate) -> (key: PageKey?, missing: String?) {
        var next = advanced(by: response.items.count)
        let paths = template.lastItemPaths
        guard !paths.isEmpty else { return (next, nil) }
        guard let last = response.items.last else { return (nil, paths[0]) }
        for path in paths {
            guard let parsed = FieldPaths.parse(path), let value = last[parsed], let text = LastItemValue.text(of: value) else {
                return (nil, path)
            }
            next.lastItem[path] = text
        }
        return (next, nil)
    }
}

extension EndReason {
    /// The end of a walk that needs a field of the last item which the last item lacks (or there
    /// is no last item).
    static func missingLastField(_ path: String?) -> EndReason {
        let path = path ?? "PATH"
        return EndReason("the last item has no \(path) (needed for {last.\(path)})")
    }
}

/// The text a `{last.PATH}` placeholder is filled with: a scalar as written, an array or object
/// (Elasticsearch's `sort` values) as compact JSON; nothing for null or an empty string.
enum LastItemValue {
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .array, .object: return value.compactJSON
        case .bool, .number, .string:
            guard let text = value.scalarText, !text.isEmpty else { return nil }
            return text
        }
    }
}
