import InfinilistCore

/// How a decoded answer yields its items: the array of a REST list, or the connection of a
/// GraphQL answer (whose errors arrive with HTTP 200 and are read here too). `--items PATH` names
/// the array, or the connection.
enum AnswerReading: Sendable {
    /// The array at `--items PATH`, or the one `ItemLocator` finds (an empty page when the API
    /// leaves it out).
    case list(itemsPath: JSONPath?)
    /// The Relay connection at `--items PATH`, or the one `GraphQLConnections` finds under `data`.
    case graphQL(connectionPath: JSONPath?)

    struct Found {
        let items: [JSONValue]
        /// Where they were read, for `-v`.
        let place: String
        /// A page that loaded but is not whole: shown to the user.
        var warning: String?
    }

    func items(in json: JSONValue, label: String, body: HTTPBody) throws(PageLoadError) -> Found {
        switch self {
        case .list(let itemsPath):
            guard let found = ItemLocator.items(in: json, at: itemsPath) ?? EmptyPageDetection.emptyPage(in: json) else {
                throw PageLoadError(.noItems, HTTPSource.noItemsMessage(label: label, json: json, itemsPath: itemsPath))
            }
            return Found(items: found.items, place: found.path)
        case .graphQL(let connectionPath):
            let host = WebOrigin(body.url)?.displayHost ?? "the server"
            switch GraphQLAnswer.read(json, chosen: connectionPath, label: label, host: host) {
            case .success(let read):
                return Found(items: read.connection.items, place: read.connection.itemsPlace, warning: read.warning)
            case .failure(let error):
                throw error
            }
        }
    }
}
