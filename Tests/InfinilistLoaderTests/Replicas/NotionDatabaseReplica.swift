import Foundation
import Hummingbird

/// Notion's database query (`POST /v1/databases/{id}/query`): the cursor and page size travel in
/// the JSON body (`start_cursor`, `page_size`, at most 100), the answer is `{object: "list",
/// results, next_cursor, has_more}`. As the real API, it refuses a body that is not JSON (or not
/// sent as `application/json`), and `"start_cursor": null`: the first request must leave the
/// member out, not send it empty.
enum NotionDatabaseReplica {
    static let rowCount = 23

    static func id(_ index: Int) -> String { "59833787-2cf9-4fdf-8782-e53db20768\(String(format: "%02d", index))" }

    static func register(on router: Router<BasicRequestContext>) {
        router.post("notion/v1/databases/:database/query") { request, _ in
            var request = request
            let buffer = try await request.collectBody(upTo: 1 << 20)
            guard request.headers[.contentType]?.hasPrefix("application/json") == true,
                  let body = try? JSONSerialization.jsonObject(with: Data(String(buffer: buffer).utf8)) as? [String: Any]
            else { return error("invalid_json", "Error parsing JSON body.") }
            let size = body["page_size"] as? Int ?? 100
            guard (1...100).contains(size) else { return error("validation_error", "body.page_size should be ≤ 100") }
            var start = 0
            if let value = body["start_cursor"] {
                guard let cursor = value as? String else {
                    return error("validation_error", "body failed validation: body.start_cursor should be a string or `undefined`, instead was `null`.")
                }
                guard let index = (0..<rowCount).first(where: { id($0) == cursor }) else {
                    return error("validation_error", "body.start_cursor should be a valid uuid")
                }
                start = index
            }
            let range = Replica.window(start, size, total: rowCount)
            let results = range.map { index in
                Replica.object([
                    ("object", "\"page\""), ("id", Replica.quote(id(index))),
                    ("properties", #"{"Name": {"id": "title", "type": "title", "title": [{"plain_text": "Task \#(index + 1)"}]}}"#),
                ])
            }
            let more = range.upperBound < rowCount
            return Replica.json(Replica.object([
                ("object", "\"list\""), ("results", Replica.array(results)),
                ("next_cursor", more ? Replica.quote(id(range.upperBound)) : "null"),
                ("has_more", more ? "true" : "false"), ("type", "\"page_or_database\""), ("page_or_database", "{}"),
            ]))
        }
    }

    private static func error(_ code: String, _ message: String) -> Response {
        Replica.json(
            Replica.object([("object", "\"error\""), ("status", "400"), ("code", Replica.quote(code)), ("message", Replica.quote(message))]),
            status: .badRequest
        )
    }
}
