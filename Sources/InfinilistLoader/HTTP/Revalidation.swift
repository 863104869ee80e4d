import InfinilistCore

/// What a `304 Not Modified` means for a page: the answer kept for the request (`KeptAnswers`)
/// is still current, so it is handed on as it was read, without a body to read or parse; the
/// paging rules then judge it like any answer.
enum Revalidation {
    /// The kept answer, with `-v` notes for this exchange. A 304 to a request that carried no
    /// condition cannot be used: there is nothing to reuse, and the server's caching is confused.
    static func reuse(_ kept: KeptAnswers.Kept?, answer: HTTPBody, label: String, notes: [String]) throws -> PageResponse {
        let host = WebOrigin(answer.url)?.displayHost ?? "the server"
        guard let kept else {
            throw PageLoadError(
                .httpStatus(304),
                "\(label): HTTP \(answer.statusLine) from \(host), but the request asked nothing conditionally (no If-None-Match or If-Modified-Since)"
            )
        }
        var response = kept.response
        let line = "\(answer.method) \(OneLine.clean(answer.shown, maxCharacters: 300)): HTTP \(answer.statusLine), the page kept from before reused (\(Counted.text(response.items.count, "item")))"
        response.notes = notes + [line]
        return response
    }
}
