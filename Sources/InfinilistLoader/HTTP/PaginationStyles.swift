/// Picks the style for a template: the one place where issue 3's auto-detection goes.
enum PaginationStyles {
    static func choose(for template: URLTemplate, firstPage: Int, pageSize: Int) throws(SourceOptionError) -> any PaginationStyle {
        let placeholders = template.placeholders
        if let unsupported = placeholders.first(where: { p in
            if case .cursor = p { return true }
            if case .last = p { return true }
            return false
        }) {
            throw SourceOptionError("the placeholder \(unsupported) is not supported yet; use {page}, {offset} or {limit}")
        }
        if placeholders.contains(.page) || placeholders.contains(.offset) {
            return PageCounterStyle(template: template, firstPage: firstPage, pageSize: pageSize)
        }
        return SingleRequestStyle(template: template)
    }
}
