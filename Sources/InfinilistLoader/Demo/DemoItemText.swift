import InfinilistCore
/// Builds the JSON text of demo item number `index` (0-based). Pure and deterministic: the same
/// index always gives the same bytes, so tests and screenshots are stable.
enum DemoItemText {
    /// Mid-morning UTC on a fixed day: the newest item's time unless the caller gives one (the
    /// command line gives the time it starts); items get older as the index grows.
    static let newestEpochSeconds: Int64 = 1_795_255_200  // 2026-11-21T10:00:00Z

    static func json(index: Int, newest: Int64 = newestEpochSeconds) -> String {
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: index) &+ 0x1F2E_3D4C)
        let id = index + 1
        let title = pick(DemoCatalog.titles, &random)
        let author = pick(DemoCatalog.authors, &random)
        let topic = pick(DemoCatalog.topics, &random)
        let score = Int(random.next() % 1000)
        let comments = Int(random.next() % 250)
        // 173 s apart plus up to 2 minutes of jitter: strictly older with each index.
        let created = newest - Int64(index) * 173 - Int64(random.next() % 120)
        return "{"
            + "\"id\": \(id), "
            + "\"title\": \(JSONStringLiteral.quote(title)), "
            + "\"author\": \(JSONStringLiteral.quote(author)), "
            + "\"score\": \(score), "
            + "\"comments\": \(comments), "
            + "\"topic\": \(JSONStringLiteral.quote(topic)), "
            + "\"url\": \"https://example.com/\(topic)/\(id)\", "
            + "\"created_at\": \"\(ISO8601Text.utc(epochSeconds: created))\""
            + "}"
    }

    private static func pick(_ list: [String], _ random: inout SplitMix64) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }
}
