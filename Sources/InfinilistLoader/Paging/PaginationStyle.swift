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
    /// Whether a page's items move onto the pages after it when items are put at the top of the
    /// list (a followed list): pages addressed by position do (page numbers, offsets, and a next
    /// link, which may carry either); pages after a cursor or an item do not. A page read again
    /// after polls is read with the pages after it only when they do (decision 91).
    var pagesMoveWhenItemsArrive: Bool { get }
    /// The URL template the user gave; `{limit}` is filled with `pageSize`.
    var template: URLTemplate { get }
    /// The placeholders of the request's body (`-d`), which page as those of the URL do.
    var bodyPlaceholders: [URLTemplate.Placeholder] { get }
    /// The first value of `{page}`.
    var firstPage: Int { get }
    var pageSize: Int { get }
    /// The key of the first request.
    func firstKey() -> PageKey
    func next(after key: PageKey, response: PageResponse) -> NextPage
    /// Paths of fields the user named in the answer (`--cursor`, `--next`): an answer's items stay
    /// values, not compact JSON, when one reads inside them (`AnswerReading`, decision 88).
    var pinnedPaths: [JSONPath] { get }
    /// The total number of items the answer reports, for the status line; by default the
    /// common fields and headers (`TotalCount`).
    func total(in response: PageResponse) -> Int?
    /// The key after `key` before its answer is in, assuming the page holds `itemCount` items;
    /// nil when only the answer can tell (cursors, links, the last item's fields).
    func predictedKey(after key: PageKey, itemCount: Int) -> PageKey?
    /// The walk's index of the list's last page when the answer to `key` tells it (a page count,
    /// `rel="last"`), so that nothing is fetched ahead past it; nil by default.
    func lastPageIndex(after key: PageKey, response: PageResponse) -> Int?
}

extension PaginationStyle {
    func total(in response: PageResponse) -> Int? { TotalCount.find(in: response)?.value }

    func predictedKey(after key: PageKey, itemCount: Int) -> PageKey? { nil }

    func lastPageIndex(after key: PageKey, response: PageResponse) -> Int? { nil }

    var pinnedPaths: [JSONPath] { [] }

    func firstKey() -> PageKey { PageKey(page: firstPage, offset: 0) }

    /// The key's own URL when a response gave one (a next link), else the template filled in.
    func url(for key: PageKey) -> String { key.url ?? template.url(for: key, limit: pageSize) }

    /// The placeholders of the URL, then those of the body.
    var placeholders: [URLTemplate.Placeholder] { template.placeholders + bodyPlaceholders }

    /// The paths of the `{last.PATH}` placeholders of the URL and the body, each once.
    var lastItemPaths: [String] {
        var seen: Set<String> = []
        return placeholders.compactMap { placeholder in
            guard case .last(let path) = placeholder, seen.insert(path).inserted else { return nil }
            return path
        }
    }

    /// Where `placeholder` is, for `-v`: "in the URL", "in the body" or "in the URL and the body".
    func location(of placeholder: URLTemplate.Placeholder) -> String {
        switch (template.placeholders.contains(placeholder), bodyPlaceholders.contains(placeholder)) {
        case (true, true): return "in the URL and the body"
        case (false, true): return "in the body"
        default: return "in the URL"
        }
    }
}

/// A style's decision about the page after the one just fetched, with `-v` notes explaining it.
enum NextPage: Sendable, Equatable {
    case page(PageKey, notes: [String] = [])
    case end(EndReason, notes: [String] = [])
}

extension PageKey {
    /// What `placeholder` stands for in this key's request, as JSON: a number for the counters, a
    /// string for the cursor, the last item's field as the server sent it (Elasticsearch's `sort`
    /// array stays an array in a JSON body). Nil while it has no value (no cursor on the first
    /// request).
    func value(of placeholder: URLTemplate.Placeholder, limit: Int) -> JSONValue? {
        switch placeholder {
        case .page: return .number(String(page))
        case .offset: return .number(String(offset))
        case .limit: return .number(String(limit))
        case .cursor: return cursor.map(JSONValue.string)
        case .last(let path): return lastItem[path]
        }
    }
}

extension URLTemplate {
    /// The URL for `key`: every placeholder filled with its text (`PlaceholderText`).
    func url(for key: PageKey, limit: Int) -> String {
        fill { placeholder in key.value(of: placeholder, limit: limit).flatMap(PlaceholderText.text(of:)) }
    }
}

extension PageKey {
    /// The key of the next page as far as every style agrees: counters advanced past this page's
    /// items and the fields of its last item that `paths` (the URL's and the body's `{last.PATH}`)
    /// ask for. Nil with the path of the first field the last item lacks (the list cannot go on
    /// without it).
    func successor(after response: PageResponse, lastItemPaths paths: [String]) -> (key: PageKey?, missing: String?) {
        var next = advanced(by: response.items.count)
        guard !paths.isEmpty else { return (next, nil) }
        guard let last = response.items.last else { return (nil, paths[0]) }
        for path in paths {
            guard let parsed = FieldPaths.parse(path), let value = last[parsed], PlaceholderText.text(of: value) != nil else {
                return (nil, path)
            }
            next.lastItem[path] = value
        }
        return (next, nil)
    }
}

extension EndReason {
    /// The end of a walk that needs a field of the last item which the last item lacks (or there
    /// is no last item).
    static func missingLastField(_ path: String?) -> EndReason {
        let path = path ?? "PATH"
        return EndReason(stoppedShort: "the last item has no \(path) (needed for {last.\(path)})")
    }
}

/// The text a placeholder is filled with in a URL or a form body: a scalar as written, an array or
/// object (Elasticsearch's `sort` values) as compact JSON; nothing for null or an empty string.
enum PlaceholderText {
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
