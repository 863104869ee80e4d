/// How a key's URL becomes the request a page is fetched with. Today every page is a GET of the
/// style's URL; a method and a body with placeholders (a cursor in a JSON body, GraphQL variables)
/// belong here, so that the styles, the loop guard and the fetcher need not change for them.
struct RequestTemplate: Sendable {
    var method = "GET"
    var headers: [HeaderField] = []

    func request(url: String) -> SourceRequest {
        SourceRequest(method: method, url: url, headers: headers)
    }
}
