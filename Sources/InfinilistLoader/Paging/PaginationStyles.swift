import InfinilistCore

/// Picks the style from the URL template: the placeholders decide (`{cursor}` → cursors,
/// `{last.PATH}` → the last item's fields, `{page}`/`{offset}` → counters); without a paging
/// placeholder the server's next links are followed, which the first response settles (Link
/// header, next link in the body, or a single page). Flags that cannot apply to the chosen style
/// are usage errors, so a mistake shows before any request.
enum PaginationStyles {
    struct Settings {
        var firstPage = 1
        var pageSize = 50
        var cursorPath: JSONPath?
        var nextPath: JSONPath?
    }

    static func choose(for template: URLTemplate, settings: Settings) throws(SourceOptionError) -> any PaginationStyle {
        let placeholders = template.placeholders
        if settings.cursorPath != nil, !placeholders.contains(.cursor) {
            throw SourceOptionError("--cursor needs {cursor} in the URL, where the cursor goes (e.g. &cursor={cursor})")
        }
        if settings.nextPath != nil, template.hasPagingPlaceholder {
            throw SourceOptionError("--next follows next links and applies only to a URL without {page}, {offset}, {cursor} or {last.PATH}")
        }
        if placeholders.contains(.cursor) {
            return CursorStyle(template: template, firstPage: settings.firstPage, pageSize: settings.pageSize, cursorPath: settings.cursorPath)
        }
        if !template.lastItemPaths.isEmpty {
            return LastItemStyle(template: template, firstPage: settings.firstPage, pageSize: settings.pageSize)
        }
        if placeholders.contains(.page) || placeholders.contains(.offset) {
            return PageCounterStyle(template: template, firstPage: settings.firstPage, pageSize: settings.pageSize)
        }
        return NextLinkStyle(template: template, pageSize: settings.pageSize, nextPath: settings.nextPath)
    }
}
