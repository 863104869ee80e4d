import InfinilistCore

/// What a `304 Not Modified` means for a page: the answer kept for the request (`KeptAnswers`)
/// is still current, so it is decoded again as it was read, without a body to read; the paging
/// rules then judge it like any answer.
enum Revalidation {
    /// The kept answer a 304 points to. A 304 to a request that carried no condition cannot be
    /// used: there is nothing to reuse, and the server's caching is confused.
    static func kept(_ kept: KeptAnswers.Kept?, answer: HTTPBody, label: String) throws(PageLoadError) -> KeptAnswers.Kept {
        guard let kept else {
            let host = WebOrigin(answer.url)?.displayHost ?? "the server"
            throw PageLoadError(
                .httpStatus(304),
                "\(label): HTTP \(answer.statusLine) from \(host), but the request asked nothing conditionally (no If-None-Match or If-Modified-Since)"
            )
        }
        return kept
    }

    /// The kept answer decoded again: its `-v` line about the exchange (the last of its notes,
    /// which told of the answer read then) now tells of the 304.
    static func reused(_ decoded: PageResponse, answer: HTTPBody) -> PageResponse {
        var response = decoded
        let line = "\(answer.method) \(OneLine.clean(answer.shown, maxCharacters: 300)): HTTP \(answer.statusLine), the page kept from before reused (\(Counted.text(response.items.count, "item")))"
        if !response.notes.isEmpty { response.notes.removeLast() }
        response.notes.append(line)
        return response
    }
}
