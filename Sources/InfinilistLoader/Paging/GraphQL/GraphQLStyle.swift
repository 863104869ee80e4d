import InfinilistCore

/// A GraphQL list (`--graphql QUERY`): every page is a POST of the same query to the same URL,
/// with the previous page's end cursor in the cursor variable (`GraphQLRequest` builds the body
/// from the key's cursor). The connection's `pageInfo` is the authority: `hasNextPage: false` ends
/// the list; otherwise `endCursor` (or the last edge's `cursor`) is the next page's cursor.
///
/// Two answers that would page forever end the list with the reason instead: a cursor that does
/// not move (the same request again), and `hasNextPage: true` with no cursor to go on with. A
/// cursor that comes back after other pages is caught by `Pager`'s loop guard, since the body
/// holds the cursor.
struct GraphQLStyle: PaginationStyle {
    /// The URL, without paging placeholders (checked), so every page goes to the same endpoint.
    let template: URLTemplate
    let pageSize: Int
    let request: GraphQLRequest
    /// `--items PATH`: which connection, when the query has several.
    let connectionPath: JSONPath?

    var firstPage: Int { 1 }
    /// The body's only placeholder is the cursor variable, which this style fills itself.
    var bodyPlaceholders: [URLTemplate.Placeholder] { [] }

    /// The first request's cursor is the `--var` given for the cursor variable, if any.
    func firstKey() -> PageKey { PageKey(page: firstPage, offset: 0, cursor: request.firstCursor) }

    var name: String {
        "GraphQL cursors ($\(request.cursorVariable), \(request.cursorVariableSource), from the connection's pageInfo.endCursor)"
    }

    var repeatReason: EndReason? { EndReason("cursor repeated an earlier one") }
    var pagesMoveWhenItemsArrive: Bool { false }

    func next(after key: PageKey, response: PageResponse) -> NextPage {
        // The transport read the connection before handing the answer on; not finding it again
        // would mean a different body, which cannot happen for one response.
        guard case .success(let connection) = GraphQLConnections.find(in: response.body, chosen: connectionPath) else {
            return .end(EndReason("no connection in the answer"))
        }
        var notes: [String] = []
        if key.index == 0 { notes.append("connection at \(connection.path)") }
        if connection.nullNodes > 0 {
            notes.append("left out \(Counted.text(connection.nullNodes, "null node")) at \(connection.itemsPlace)")
        }
        if connection.hasNextPage == false {
            return .end(EndReason("pageInfo.hasNextPage is false"), notes: notes)
        }
        guard let cursor = connection.endCursor else {
            if connection.hasNextPage == true {
                return .end(
                    EndReason(stoppedShort: "pageInfo.hasNextPage is true but there is no cursor to go on with"),
                    notes: notes + ["add endCursor to the query's pageInfo { hasNextPage endCursor }"]
                )
            }
            return .end(
                EndReason("no pageInfo.endCursor in the answer"),
                notes: notes + ["ask for the next page's cursor: pageInfo { hasNextPage endCursor } in the query"]
            )
        }
        if cursor == key.cursor ?? request.firstCursor {
            return .end(EndReason("the cursor did not move (\(connection.endCursorPlace ?? "endCursor") is \(PagingText.quoted(cursor, max: 40)) again)"), notes: notes)
        }
        var next = key.advanced(by: response.items.count)
        next.cursor = cursor
        return .page(next, notes: notes)
    }

    func total(in response: PageResponse) -> Int? {
        guard case .success(let connection) = GraphQLConnections.find(in: response.body, chosen: connectionPath) else { return nil }
        return connection.totalCount
    }
}
