/// The last check before a page is requested: whatever built the URL (the template filled with
/// a cursor or a field of the last item, a next link kept in the key), it must be a `RequestURL`.
/// A URL that is not one fails the page, not retried, saying where the URL came from.
enum PageURL {
    static func check(_ text: String, key: PageKey, label: String) throws(PageLoadError) -> RequestURL {
        switch RequestURL.parse(text) {
        case .success(let url):
            return url
        case .failure(let problem):
            let source = key.url == nil ? "the URL filled from the template" : "the next link (\(key.via?.description ?? "from the previous page"))"
            throw PageLoadError(.invalidURL, "\(label): \(source) \(PagingText.quoted(URLText.masked(text), max: 120)) \(problem.reason)")
        }
    }
}
