/// How a key's URL becomes the request a page is fetched with: a method, headers and a body
/// around the style's URL, so that the styles, the loop guard and the fetcher need not change for
/// APIs that page with a POST body (a cursor in JSON, GraphQL variables).
struct RequestTemplate: Sendable {
    var method = "GET"
    var headers: [HeaderField] = []
    /// The body of each page's request, built from its key; nil sends none.
    ///
    /// A seam: today only `--graphql` sets it (`graphQL(_:)`); the general body template
    /// (`-d` with placeholders) takes its place, and GraphQL becomes one use of it.
    var body: (@Sendable (PageKey) -> [UInt8])?

    func request(for key: PageKey, url: String) -> SourceRequest {
        SourceRequest(method: method, url: url, headers: headers, body: body?(key))
    }

    /// A POST of `graphQL`'s JSON body, with the key's cursor in the cursor variable.
    static func graphQL(_ graphQL: GraphQLRequest) -> RequestTemplate {
        RequestTemplate(
            method: "POST",
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: { key in graphQL.body(cursor: key.cursor) }
        )
    }
}
