import InfinilistCore

/// How to ask a source for one page, whatever the API's pagination style.
///
/// The loader learns the key of page *n + 1* from page *n* and keeps every key it has seen, so a
/// page can be requested again later (retry, refresh, re-fetch of a page dropped from memory).
/// It is therefore a small value: a few numbers and strings, never a parsed response.
///
/// Every style fills only the fields it needs: a page-number API uses `page`, an offset API
/// `offset`, a cursor API `cursor`, a "follow the next link" API `url`, a "starting after the last
/// item" API `lastItem`. The counters `index`, `page` and `offset` are always kept up to date, so
/// messages can name the page and templates may mix placeholders (`?page={page}&skip={offset}`).
public struct PageKey: Sendable, Hashable, CustomStringConvertible {
    /// The page's position in the list, 0-based: the core's page ordinal. Messages say
    /// "page \(index + 1)", whatever the API's own numbering is.
    public var index: Int
    /// The page number as the API counts it (`{page}`): starts at the source's first page number.
    public var page: Int
    /// The number of items received before this page (`{offset}`).
    public var offset: Int
    /// The opaque cursor taken from the previous response (`{cursor}`); nil on the first page.
    public var cursor: String?
    /// Fields of the previous page's last item, by path (`{last.PATH}`), as the server sent them:
    /// a JSON body gets the value itself (Elasticsearch's `sort` array), a URL its text
    /// (`PlaceholderText`). Empty on the first page.
    public var lastItem: [String: JSONValue]
    /// An absolute URL to fetch instead of filling the template (Link header, next link in the body).
    public var url: String?
    /// Where the previous response said how to reach this page (the `Link` header, or the field a
    /// cursor or next link was found in), so that every later page is read the same way as the
    /// first; nil on the first page and for counter styles.
    public var via: Via?
    /// Where the page starts in standard input or a file; nil for other sources.
    public var stream: StreamPosition?
    /// For a pass request (`RequestPurpose.pass`): how far the source may pass over pages
    /// before the page it reads; never kept in a walk.
    public var pass: PassTarget?
    public init(
        index: Int = 0,
        page: Int,
        offset: Int = 0,
        cursor: String? = nil,
        lastItem: [String: JSONValue] = [:],
        url: String? = nil,
        via: Via? = nil,
        stream: StreamPosition? = nil
    ) {
        self.index = index
        self.page = page
        self.offset = offset
        self.cursor = cursor
        self.lastItem = lastItem
        self.url = url
        self.via = via
        self.stream = stream
    }

    /// The key of the page after this one, with the counters advanced past `itemCount` items and
    /// the style-specific fields cleared (the style sets the ones it learned).
    public func advanced(by itemCount: Int) -> PageKey {
        PageKey(index: index + 1, page: page + 1, offset: offset + itemCount)
    }

    public var description: String {
        var parts = ["index \(index)", "page \(page)", "offset \(offset)"]
        if let cursor { parts.append("cursor \(cursor)") }
        for (path, value) in lastItem.sorted(by: { $0.key < $1.key }) { parts.append("last.\(path) \(value.compactJSON)") }
        if let url { parts.append("url \(url)") }
        if let via { parts.append("via \(via)") }
        if let stream { parts.append("at \(stream)") }
        return parts.joined(separator: ", ")
    }

    /// Where a cursor or next link was read: kept in the key (not in the source) so that a page
    /// fetched again later is read exactly as it was the first time.
    public enum Via: Sendable, Hashable, CustomStringConvertible {
        /// The response's `Link` header, `rel="next"`.
        case linkHeader
        /// A field of the body, by path (`links.next`, `response_metadata.next_cursor`).
        case field(String)

        public var description: String {
            switch self {
            case .linkHeader: return "Link rel=next"
            case .field(let path): return path
            }
        }
    }
}
