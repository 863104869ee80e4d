import InfinilistCore

/// APIs that report errors inside a successful response. Slack answers `200 {"ok": false,
/// "error": "invalid_auth"}`: read as a page, that would be an empty list and a silent end. Such a
/// body is an error naming what the API said.
enum APIErrorBody {
    /// Throws when `json` is an explicit failure (`"ok": false`).
    static func check(_ json: JSONValue, label: String, body: HTTPBody) throws(PageLoadError) {
        guard let members = json.objectValue, members["ok"]?.boolValue == false else { return }
        let host = WebOrigin(body.url)?.displayHost ?? "the server"
        let said = body.serverMessage ?? "no reason given"
        throw PageLoadError(.apiError, "\(label): \(host) answered HTTP \(body.status) with \"ok\": false: \(said)")
    }
}
