import InfinilistCore

/// How a successful answer's bytes yield its document and items: the array of a REST list, or the
/// connection of a GraphQL answer (whose errors arrive with HTTP 200 and are read here too).
/// `--items PATH` names the array, or the connection.
enum AnswerReading: Sendable {
    /// The array at `--items PATH`, or the one `ItemLocator` finds (an empty page when the API
    /// leaves it out); kept as compact JSON while it is parsed, once `compactingAfter` bytes of
    /// it are read (nil: never).
    case list(itemsPath: JSONPath?, compactingAfter: Int?)
    /// The Relay connection at `--items PATH`, or the one `GraphQLConnections` finds under `data`.
    case graphQL(connectionPath: JSONPath?)

    struct Read {
        /// The document, without the items where they are kept as compact JSON.
        let document: JSONValue
        let items: PageItems
        /// Where they were read, for `-v`.
        let place: String
        /// A page that loaded but is not whole: shown to the user.
        var warning: String?
    }

    /// The answer in `body`. A list's items array is kept as compact JSON while it is parsed
    /// (see `list`), so the page is never held as trees (decision 88), unless a path in `pinned`
    /// (`--cursor`, `--next`) reads inside it: the document then keeps it as values.
    func read(_ body: HTTPBody, label: String, pinned: [JSONPath]) throws(PageLoadError) -> Read {
        switch self {
        case .list(let itemsPath, let threshold):
            let json: JSONValue
            if let threshold {
                var parsed = try Self.parse(body, label: label) { bytes throws(JSONParseError) in
                    try JSONParser.parse(bytes, compacting: itemsPath.map(ArrayCompaction.at) ?? .itemCandidates, after: threshold)
                }
                try APIErrorBody.check(parsed.skeleton, label: label, body: body)
                if let located = ItemLocator.items(in: parsed.skeleton, at: itemsPath), let location = located.location,
                   !pinned.contains(where: { Self.overlap($0, location) }), let items = parsed.takeItems(at: location) {
                    return Read(document: parsed.materialized(), items: PageItems(compact: items), place: located.path)
                }
                json = parsed.materialized()
            } else {
                json = try Self.parse(body, label: label) { bytes throws(JSONParseError) in try JSONParser.parse(bytes) }
                try APIErrorBody.check(json, label: label, body: body)
            }
            guard let found = ItemLocator.items(in: json, at: itemsPath) ?? EmptyPageDetection.emptyPage(in: json) else {
                throw PageLoadError(.noItems, NoItemsMessage.text(label: label, json: json, itemsPath: itemsPath))
            }
            return Read(document: json, items: PageItems(found.items), place: found.path)
        case .graphQL(let connectionPath):
            let json = try Self.parse(body, label: label) { bytes throws(JSONParseError) in try JSONParser.parse(bytes) }
            try APIErrorBody.check(json, label: label, body: body)
            let host = WebOrigin(body.url)?.displayHost ?? "the server"
            switch GraphQLAnswer.read(json, chosen: connectionPath, label: label, host: host, masking: body.echoes) {
            case .success(let read):
                return Read(document: json, items: PageItems(read.connection.items), place: read.connection.itemsPlace, warning: read.warning)
            case .failure(let error):
                throw error
            }
        }
    }

    /// Whether one path is inside the other (or they are the same): reading `a` reads `b`'s value.
    private static func overlap(_ a: JSONPath, _ b: JSONPath) -> Bool {
        a.components.starts(with: b.components) || b.components.starts(with: a.components)
    }

    /// `parsing` applied to the body, its error worded for the user: which page, what arrived.
    private static func parse<Parsed>(_ body: HTTPBody, label: String, _ parsing: ([UInt8]) throws(JSONParseError) -> Parsed) throws(PageLoadError) -> Parsed {
        do {
            return try parsing(body.bytes)
        } catch {
            throw PageLoadError(
                .notJSON,
                "\(label) is not JSON (HTTP \(body.status), \(OneLine.clean(body.contentType, maxCharacters: 60)), "
                    + "\(ByteCount.text(body.bytes.count))): \(body.snippet()) (\(error.message))"
            )
        }
    }
}
