import Hummingbird

/// Stripe lists: `{object: "list", data, has_more}`, continued with `starting_after=<last id>`;
/// an unknown or empty `starting_after` is a 400 with Stripe's error object.
enum StripeReplica {
    static let customerCount = 25

    static func id(_ number: Int) -> String { "cus_\(String(repeating: "0", count: 3 - String(number).count))\(number)" }

    static func register(on router: Router<BasicRequestContext>) {
        router.get("stripe/v1/customers") { request, _ in
            let query = Replica.query(request)
            let limit = Replica.int(query, "limit", default: 10)
            var start = 0
            if let after = query["starting_after"] {
                guard let number = (1...customerCount).first(where: { id($0) == after }) else {
                    return Replica.json(
                        #"{"error": {"code": "resource_missing", "message": "No such customer: '\#(after)'", "type": "invalid_request_error"}}"#,
                        status: .badRequest
                    )
                }
                start = number
            }
            let range = Replica.window(start, limit, total: customerCount)
            let data = range.map { index in
                Replica.object([("id", Replica.quote(id(index + 1))), ("object", "\"customer\""), ("email", Replica.quote("c\(index + 1)@example.com"))])
            }
            return Replica.json(Replica.object([
                ("object", "\"list\""), ("url", "\"/v1/customers\""),
                ("has_more", range.upperBound < customerCount ? "true" : "false"), ("data", Replica.array(data)),
            ]))
        }
    }
}
