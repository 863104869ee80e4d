import InfinilistCore

/// Cursor APIs (`…&cursor={cursor}`: Slack, Google's `pageToken`, X's `pagination_token`, Reddit's
/// `after`, Notion's `start_cursor`): each response names the cursor of the next page, at the path
/// given with `--cursor` or found by `CursorDetection` on the first page.
///
/// The cursor is the authority: a short or empty page with a cursor is not the end (Slack and
/// Google send those mid-list); a missing, null or empty cursor is, and so is an explicit
/// `has_more: false`. A cursor that comes back is caught by `Pager`'s loop guard.
struct CursorStyle: PaginationStyle {
    let template: URLTemplate
    let firstPage: Int
    let pageSize: Int
    /// `--cursor PATH`; nil detects.
    let cursorPath: JSONPath?
    var bodyPlaceholders: [URLTemplate.Placeholder] = []
    /// `--first-cursor VALUE`: the first request's cursor (OpenAlex's `*`); nil leaves it out.
    var firstCursor: String? = nil

    var name: String {
        let from = cursorPath.map { "--cursor \($0)" } ?? "a cursor field found in the first response"
        let first = firstCursor.map { ", the first one --first-cursor \(PagingText.quoted($0, max: 40))" } ?? ""
        return "cursors ({cursor} \(location(of: .cursor)), from \(from)\(first))"
    }

    func firstKey() -> PageKey { PageKey(page: firstPage, offset: 0, cursor: firstCursor) }

    var repeatReason: EndReason? { EndReason("cursor repeated an earlier one") }
    var pinnedPaths: [JSONPath] { cursorPath.map { [$0] } ?? [] }
    var pagesMoveWhenItemsArrive: Bool { false }

    func next(after key: PageKey, response: PageResponse) -> NextPage {
        if let reason = MoreFlags.end(in: response.body) { return .end(reason) }
        var notes: [String] = []
        let path: JSONPath
        let reading: CursorDetection.Reading
        if let pinned = key.via.flatMap(Self.path(of:)) ?? cursorPath {
            path = pinned
            reading = CursorDetection.read(pinned, in: response.body)
        } else if let found = CursorDetection.detect(in: response.body) {
            path = found.path
            reading = found.reading
            notes.append("cursor at \(found.path) (auto-detected; --cursor PATH to choose another field)")
        } else {
            return .end(
                EndReason("no cursor in the response"),
                notes: ["no cursor field found (looked for next_cursor, nextPageToken, response_metadata.next_cursor, meta.next_token, data.after, ...); use --cursor PATH"]
            )
        }
        switch reading {
        case .missing:
            return .end(EndReason("no cursor (\(path) is missing)"), notes: notes)
        case .noCursor(let said):
            return .end(EndReason("no cursor (\(path) is \(said))"), notes: notes)
        case .cursor(let cursor):
            // A cursor that goes with the last item's fields (Elasticsearch's point in time with
            // search_after) cannot go past an empty page: there is no item to continue after.
            if !lastItemPaths.isEmpty, response.items.isEmpty {
                return .end(EndReason("end of list (page \(key.index + 1) is empty)"), notes: notes)
            }
            let (successor, missing) = key.successor(after: response, lastItemPaths: lastItemPaths)
            guard var next = successor else { return .end(.missingLastField(missing), notes: notes) }
            next.cursor = cursor
            next.via = .field(path.description)
            return .page(next, notes: notes)
        }
    }

    static func path(of via: PageKey.Via) -> JSONPath? {
        if case .field(let text) = via { return FieldPaths.parse(text) }
        return nil
    }
}
