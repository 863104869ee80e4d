/// What the parts of the status line mean: the last section of the help screen (`?`). The status
/// line is terse to fit beside the source's name ("row 12/500 of 9,000 · end · 13 ms"), and a
/// bare "13 ms" said nothing to a new user (issue 33.11). The examples are as `statusRow` and
/// `detailStatusRow` write them.
enum StatusLegend {
    /// Each part as the status line shows it, and what it means.
    static let entries: [(shown: String, meaning: String)] = [
        ("row 12/500 of 9,000", "the cursor's row / rows loaded, of the source's total"),
        ("↑ 3 new", "new items above the cursor, found by following (F)"),
        ("filter: x · 8 of 50", "rows matching the filter (&), of the rows loaded"),
        ("2 marked", "items marked with Tab (Enter prints them)"),
        ("⠋ loading", "the next page is on its way"),
        ("end · failed", "there is no next page; it failed (r retries)"),
        ("13 ms", "how long the last page took to load"),
        ("lines 1–23/120", "the detail view's or help's lines on screen, of all"),
        ("match 3/12", "the current match of a search (/), of all of them"),
    ]

    /// The legend as a help section: its title and aligned lines, as `KeyMap.helpLines` aligns
    /// keys and what they do.
    static var section: (title: String, lines: [String]) {
        let width = entries.map { DisplayWidth.of($0.shown) }.max() ?? 0
        let lines = entries.map { entry in
            entry.shown + String(repeating: " ", count: width - DisplayWidth.of(entry.shown)) + "  " + entry.meaning
        }
        return ("Status line (the bottom row)", lines)
    }
}
