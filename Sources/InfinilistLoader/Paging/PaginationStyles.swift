import InfinilistCore

/// Picks the style from the placeholders of the URL and of the body (`-d`), which page alike:
/// `{cursor}` → cursors, `{last.PATH}` → the last item's fields, `{page}`/`{offset}` → counters;
/// without a paging placeholder the server's next links are followed, which the first response
/// settles (Link header, next link in the body, or a single page). A URL without placeholders
/// and a body with `{cursor}` is a cursor walk. Flags that cannot apply to the chosen style are
/// usage errors, so a mistake shows before any request.
enum PaginationStyles {
    struct Settings {
        var firstPage = 1
        var pageSize = 50
        var cursorPath: JSONPath?
        var nextPath: JSONPath?
        /// `--first-cursor VALUE`.
        var firstCursor: String?
    }

    static func choose(
        for template: URLTemplate,
        body: [URLTemplate.Placeholder] = [],
        settings: Settings
    ) throws(SourceOptionError) -> any PaginationStyle {
        let placeholders = template.placeholders + body
        if settings.cursorPath != nil, !placeholders.contains(.cursor) {
            throw SourceOptionError("--cursor needs {cursor} in the URL or the body, where the cursor goes (e.g. &cursor={cursor})")
        }
        if settings.firstCursor != nil, !placeholders.contains(.cursor) {
            throw SourceOptionError("--first-cursor needs {cursor} in the URL or the body, where the cursor goes (e.g. &cursor={cursor})")
        }
        if settings.nextPath != nil, placeholders.contains(where: { $0 != .limit }) {
            throw SourceOptionError("--next follows next links and applies only without {page}, {offset}, {cursor} or {last.PATH} in the URL or the body")
        }
        let hasLastItem = placeholders.contains { if case .last = $0 { true } else { false } }
        if placeholders.contains(.cursor) {
            var style = CursorStyle(template: template, firstPage: settings.firstPage, pageSize: settings.pageSize, cursorPath: settings.cursorPath)
            style.bodyPlaceholders = body
            style.firstCursor = settings.firstCursor
            return style
        }
        if hasLastItem {
            return LastItemStyle(template: template, firstPage: settings.firstPage, pageSize: settings.pageSize, bodyPlaceholders: body)
        }
        if placeholders.contains(.page) || placeholders.contains(.offset) {
            return PageCounterStyle(template: template, firstPage: settings.firstPage, pageSize: settings.pageSize, bodyPlaceholders: body)
        }
        return NextLinkStyle(template: template, pageSize: settings.pageSize, nextPath: settings.nextPath, bodyPlaceholders: body)
    }
}
