import Foundation
import Hummingbird

/// Django REST Framework's three paginations and PokeAPI (DRF limit/offset in the wild):
/// `{count, next, previous, results}` with absolute next links. Page-number pagination answers
/// 404 `{"detail": "Invalid page."}` past the end; limit/offset writes `?limit=&offset=` (PokeAPI:
/// `?offset=&limit=`); cursor pagination puts a base64 cursor (with `=` padding) in `?cursor=`.
enum DjangoRESTReplica {
    static let accountCount = 45
    static let itemCount = 45
    static let pokemonNames = (1...51).map { "pokemon-\($0)" }
    static let eventCount = 31

    static func register(on router: Router<BasicRequestContext>) {
        router.get("drf/accounts/") { request, _ in
            let page = Replica.int(Replica.query(request), "page", default: 1)
            let size = 10
            let pages = (accountCount + size - 1) / size
            guard (1...pages).contains(page) else {
                return Replica.json(#"{"detail": "Invalid page."}"#, status: .notFound)
            }
            let base = Replica.origin(request) + "/drf/accounts/"
            let results = Replica.window((page - 1) * size, size, total: accountCount).map { index in
                Replica.object([("id", "\(index + 1)"), ("username", Replica.quote("account\(index + 1)"))])
            }
            return Replica.json(Replica.object([
                ("count", "\(accountCount)"),
                ("next", page < pages ? Replica.quote("\(base)?page=\(page + 1)") : "null"),
                ("previous", page > 2 ? Replica.quote("\(base)?page=\(page - 1)") : page == 2 ? Replica.quote(base) : "null"),
                ("results", Replica.array(results)),
            ]))
        }

        router.get("drf/limit/items/") { request, _ in
            let query = Replica.query(request)
            let limit = Replica.int(query, "limit", default: 20)
            let offset = Replica.int(query, "offset", default: 0)
            let base = Replica.origin(request) + "/drf/limit/items/"
            let results = Replica.window(offset, limit, total: itemCount).map { index in
                Replica.object([("id", "\(index + 1)"), ("name", Replica.quote("Item \(index + 1)"))])
            }
            return Replica.json(Replica.object([
                ("count", "\(itemCount)"),
                ("next", offset + limit < itemCount ? Replica.quote("\(base)?limit=\(limit)&offset=\(offset + limit)") : "null"),
                ("previous", offset > 0 ? Replica.quote("\(base)?limit=\(limit)&offset=\(max(0, offset - limit))") : "null"),
                ("results", Replica.array(results)),
            ]))
        }

        router.get("pokeapi/api/v2/pokemon") { request, _ in
            let query = Replica.query(request)
            let limit = Replica.int(query, "limit", default: 20)
            let offset = Replica.int(query, "offset", default: 0)
            let base = Replica.origin(request) + "/pokeapi/api/v2/pokemon"
            let results = Replica.window(offset, limit, total: pokemonNames.count).map { index in
                Replica.object([("name", Replica.quote(pokemonNames[index])), ("url", Replica.quote("\(base)/\(index + 1)/"))])
            }
            let total = pokemonNames.count
            return Replica.json(Replica.object([
                ("count", "\(total)"),
                ("next", offset + limit < total ? Replica.quote("\(base)?offset=\(offset + limit)&limit=\(limit)") : "null"),
                ("previous", offset > 0 ? Replica.quote("\(base)?offset=\(max(0, offset - limit))&limit=\(limit)") : "null"),
                ("results", Replica.array(results)),
            ]))
        }

        router.get("drf/cursor/events/") { request, _ in
            let size = 10
            var position = 0
            if let cursor = Replica.query(request)["cursor"] {
                guard let decoded = Data(base64Encoded: cursor).map({ String(decoding: $0, as: UTF8.self) }),
                      decoded.hasPrefix("p="), let value = Int(decoded.dropFirst(2))
                else { return Replica.json(#"{"detail": "Invalid cursor"}"#, status: .notFound) }
                position = value
            }
            let base = Replica.origin(request) + "/drf/cursor/events/"
            let range = Replica.window(position, size, total: eventCount)
            let results = range.map { index in
                Replica.object([("id", "\(index + 1)"), ("title", Replica.quote("Event \(index + 1)"))])
            }
            let next = range.upperBound < eventCount
                ? Replica.quote("\(base)?cursor=\(Replica.encoded(cursor(range.upperBound)))") : "null"
            return Replica.json(Replica.object([("next", next), ("previous", "null"), ("results", Replica.array(results))]))
        }
    }

    /// DRF's cursor: base64 of `p=<position>` (padded with `=`, so it must be encoded in URLs).
    static func cursor(_ position: Int) -> String {
        Data("p=\(position)".utf8).base64EncodedString()
    }
}
