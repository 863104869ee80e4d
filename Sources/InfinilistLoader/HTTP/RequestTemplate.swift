import InfinilistCore

/// How a key becomes the request a page is fetched with: the method, the template's own headers
/// (the body's `Content-Type`), the style's URL, and the body (`-d`, or GraphQL's query and
/// variables) with the key's placeholders filled in. The same key always gives the same request,
/// so a page dropped from memory is fetched again with the same body and the same cursor, and the
/// loop guard (which compares `SourceRequest.address`, body included) sees a cursor that comes
/// back in a body as it does in a URL. The styles, the loop guard and the fetcher need not know
/// whether a cursor travels in the URL or the body.
struct RequestTemplate: Sendable {
    var method = "GET"
    var headers: [HeaderField] = []
    var body: BodyTemplate?

    func request(url: String, key: PageKey, limit: Int) -> SourceRequest {
        let filled = body?.fill { placeholder in key.value(of: placeholder, limit: limit) }
        return SourceRequest(method: method, url: url, headers: headers, body: filled)
    }

    /// A POST of GraphQL's `{"query", "variables"}`, the key's cursor in the cursor variable.
    static func graphQL(_ graphQL: GraphQLRequest) -> RequestTemplate {
        RequestTemplate(
            method: "POST",
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: BodyTemplate(json: graphQL.template)
        )
    }
}
