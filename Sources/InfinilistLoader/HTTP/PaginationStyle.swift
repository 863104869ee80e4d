import InfinilistCore

/// One way of walking an API from page to page (page numbers, offsets, cursors, next links, Link
/// headers). The HTTP source does the fetching and decoding; a style only says which URL to request
/// for a key and, from a decoded response, what the next key is or why the list ends. New styles
/// slot in without touching the fetching code.
protocol PaginationStyle: Sendable {
    /// Shown by `--verbose`, e.g. `page numbers from 1`.
    var name: String { get }
    func firstKey() -> PageKey
    func url(for key: PageKey) -> String
    func next(after key: PageKey, response: PageResponse) -> NextPage
}

/// What a pagination style gets to see of one answer.
struct PageResponse: Sendable {
    /// The URL that finally answered (after redirects); relative next links resolve against it.
    let url: String
    let status: Int
    let headers: [HeaderField]
    let body: JSONValue
    let items: [JSONValue]
}

/// A style's decision about the page after the one just fetched.
enum NextPage: Sendable, Equatable {
    case page(PageKey, note: String? = nil)
    case end(EndReason)
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
}
