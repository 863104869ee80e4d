import InfinilistCore

/// Builds demo item number `index` (0-based) as a JSON value. Pure and deterministic: the same
/// index always gives the same item, so tests and screenshots are stable.
///
/// The value is built directly, not written as JSON text and parsed again: the demo is what the
/// per-key benchmark scrolls, and text built by hand then parsed cost more than everything else
/// a ↓ does (about 49,000 instructions an item; decision 86).
enum DemoItemValue {
    /// Mid-morning UTC on a fixed day: the newest item's time unless the caller gives one (the
    /// command line gives the time it starts); items get older as the index grows.
    static let newestEpochSeconds: Int64 = 1_795_255_200  // 2026-11-21T10:00:00Z

    /// The members, in the order an API would write them.
    static let keys = ["id", "title", "author", "score", "comments", "topic", "url", "created_at"]

    static func value(index: Int, newest: Int64 = newestEpochSeconds) -> JSONValue {
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: index) &+ 0x1F2E_3D4C)
        let id = String(index + 1)
        let title = pick(DemoCatalog.titles, &random)
        let author = pick(DemoCatalog.authors, &random)
        let topic = pick(DemoCatalog.topics, &random)
        let score = random.next() % 1000
        let comments = random.next() % 250
        // 173 s apart plus up to 2 minutes of jitter: strictly older with each index.
        let created = newest - Int64(index) * 173 - Int64(random.next() % 120)
        let values: [JSONValue] = [
            .number(id), .string(title), .string(author), .number(String(score)), .number(String(comments)),
            .string(topic), .string("https://example.com/" + topic + "/" + id), .string(ISO8601Text.utc(epochSeconds: created)),
        ]
        return .object(JSONObject(keys: keys, values: values))
    }

    private static func pick(_ list: [String], _ random: inout SplitMix64) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }
}
