import Foundation
import Testing

/// Issue 6's browsing features on a real terminal (tmux): search that loads pages until it
/// finds, the detail view, marks printed by Enter, the help overlay, the mouse wheel and clicks,
/// colours and their absence, the status line, and named sources from a config file.
///
/// Serialized, so that these many sessions do not all start at once beside the other suites' on
/// a small machine; each wait allows `patience`, a bound for a loaded machine, not a measure.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end feature tests skipped"))
struct FeatureTests {
    /// The demo's first "Coffee ☕ + code 💻 = ❤️" is item 171, on page 4 (50 items a page).
    @Test func searchFindsARowBeyondTheLoadedPages() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--prefetch", "5"])
        defer { tmux.close() }
        let first = try await tmux.waitFor("the first page", timeout: patience) { StatusCounts($0)?.loaded == 50 }
        #expect(!first.contains { $0.contains("+ code") })
        try tmux.send("/")
        try tmux.send("-l", "+ code")
        try tmux.send("Enter")
        let rows = try await tmux.waitFor("the cursor on item 171", timeout: patience) { StatusCounts($0)?.row == 171 }
        let pointed = try #require(rows.first { $0.hasPrefix(">") })
        #expect(pointed.contains("Coffee ☕ + code"))
        #expect(try #require(StatusCounts(rows)).loaded >= 200)
        // The match is highlighted: black on yellow.
        let styled = try await Self.styledScreen(tmux, containing: 43)
        #expect(Self.colourParameters(in: styled).contains(43))
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    @Test func rightShowsTheItemsJSONAndLeftReturnsToTheSameRow() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        try tmux.send("Down", "Down", "Down")
        let list = try await tmux.waitFor("row 4", timeout: patience) { StatusCounts($0)?.row == 4 }
        let pointed = try #require(list.first { $0.hasPrefix(">") })
        try tmux.send("Right")
        let detail = try await tmux.waitFor("the detail view", timeout: patience) { rows in
            rows.contains { $0.contains("lines 1–") && $0.contains("row 4") }
        }
        #expect(detail.first == "{")
        #expect(detail.contains { $0.trimmingCharacters(in: .whitespaces) == #""id": 4,"# })
        #expect(detail.contains { $0.contains(#""title": ""#) })
        #expect(detail.contains { $0.hasPrefix("}") })
        try tmux.send("Left")
        let back = try await tmux.waitFor("the list at row 4", timeout: patience) { StatusCounts($0)?.row == 4 }
        #expect(withoutLastField([back.first { $0.hasPrefix(">") } ?? ""]) == withoutLastField([pointed]))
        #expect(withoutLastField(back) == withoutLastField(list))
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    @Test func tabTabEnterPrintsTheTwoMarkedItems() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], stdoutFile: "out.json")
        defer { tmux.close() }
        try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        try tmux.send("Tab", "Tab")
        let rows = try await tmux.waitFor("two marks", timeout: patience) { $0.last?.contains("2 marked") == true }
        // Under the table's header row.
        #expect(rows[1].hasPrefix(" *"))
        #expect(rows[2].hasPrefix(" *"))
        #expect(rows[3].hasPrefix(">"))
        try tmux.send("Enter")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        let output = try #require(tmux.directory.read("out.json"))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2)
        let ids = try lines.map { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int
        }
        #expect(ids == [1, 2])
        // The run script records `stty -a` again before it says so.
        try await tmux.waitFor(text: "infinilist exited", timeout: patience)
        #expect(tmux.directory.read("stty.before") == tmux.directory.read("stty.after"), "the terminal was not restored")
    }

    @Test func questionMarkShowsTheKeysAndQClosesThem() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"])
        defer { tmux.close() }
        let list = try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        try tmux.send("?")
        let help = try await tmux.waitFor(text: "help · ", timeout: patience)
        #expect(help.contains { $0.trimmingCharacters(in: .whitespaces) == "List" })
        #expect(help.contains { $0.contains("next row") && $0.contains("j") })
        #expect(help.contains { $0.contains("previous screen") })
        try tmux.send("q")
        let after = try await tmux.waitFor("the list again", timeout: patience) { StatusCounts($0) != nil }
        #expect(withoutLastField(after) == withoutLastField(list))
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    /// tmux passes mouse reports through only when the program asked for them; the test writes
    /// the report a terminal would send, in the encoding the program asked for (SGR with an xterm
    /// TERM, the classic X10 bytes with tmux's own).
    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func theWheelScrollsAndAClickSelects(term: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], environment: ["TERM": term])
        defer { tmux.close() }
        let first = try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        // A row without its last field (the age): the demo's ages count real minutes, and one may
        // tick between two captures on a busy machine.
        let item = { (row: String) in String(row.dropFirst(2).trimmingCharacters(in: .whitespaces).reversed().drop { $0 != " " }.reversed()) }
        #expect(try mouseReporting(tmux).on)
        try sendMouse(tmux, .wheelDown, x: 10, y: 5)
        // Three rows scrolled, and the cursor moved only as far as needed to stay on screen. (The
        // wait covers the status line too: it is written last, and a capture can fall mid-frame.)
        // Rows are under the table's header row (screen row 0), which stays.
        let scrolled = try await tmux.waitFor("three rows scrolled, the cursor on row 4", timeout: patience) { rows in
            rows.count > 1 && item(rows[1]) == item(first[4]) && StatusCounts(rows)?.row == 4
        }
        #expect(scrolled[0] == first[0])
        #expect(scrolled[1].hasPrefix(">"))
        try sendMouse(tmux, .wheelUp, x: 10, y: 5)
        let back = try await tmux.waitFor("back at the top, the cursor still on row 4", timeout: patience) { rows in
            rows.count > 1 && item(rows[1]) == item(first[1]) && StatusCounts(rows)?.row == 4
        }
        #expect(back[4].hasPrefix(">"))
        try sendMouse(tmux, .press, x: 20, y: 6)
        let clicked = try await tmux.waitFor("the cursor on the clicked row", timeout: patience) { StatusCounts($0)?.row == 6 }
        #expect(clicked[6].hasPrefix(">"))
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
        // Leaving switched reporting off again.
        #expect(try mouseReporting(tmux).on == false)
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0", "--no-mouse"])
        defer { tmux.close() }
        try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        #expect(try mouseReporting(tmux).on == false)
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    /// Monochrome: bold, dim, reverse and underline only; no SGR colour parameter anywhere, even
    /// with a match, a mark and the detail view's JSON on screen.
    @Test(arguments: [
        (["--color", "never"], [String: String]()),
        ([], ["NO_COLOR": "1"]),
        (["--color", "auto"], ["NO_COLOR": "1"]),
    ])
    func colorNeverAndNoColorGiveAMonochromeScreen(arguments: [String], environment: [String: String]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"] + arguments, environment: environment)
        defer { tmux.close() }
        try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        try tmux.send("Tab", "/", "e", "Enter")
        try await tmux.waitFor("a mark and a match", timeout: patience) { $0.last?.contains("1 marked") == true && StatusCounts($0)?.row ?? 0 > 2 }
        let list = try tmux.query(["capture-pane", "-p", "-e", "-t", "e2e"])
        #expect(Self.colourParameters(in: list).isEmpty, "colour in: \(list.debugDescription)")
        #expect(list.contains("\u{1b}[7m"), "the match and the status line are in reverse video")
        #expect(list.contains("\u{1b}[1m"), "the pointer is bold")
        try tmux.send("Right")
        try await tmux.waitFor(text: "lines 1–", timeout: patience)
        let detail = try tmux.query(["capture-pane", "-p", "-e", "-t", "e2e"])
        #expect(Self.colourParameters(in: detail).isEmpty, "colour in: \(detail.debugDescription)")
        #expect(detail.contains("\u{1b}[4m"), "numbers are underlined")
        try tmux.send("q", "q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    /// The screen with its escapes, once it shows colour parameter `code` (or after `patience`):
    /// on a busy machine one capture can fall between two paints.
    static func styledScreen(_ tmux: TmuxSession, containing code: Int) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(30)
        var screen = try tmux.query(["capture-pane", "-p", "-e", "-t", "e2e"])
        while !colourParameters(in: screen).contains(code), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            screen = try tmux.query(["capture-pane", "-p", "-e", "-t", "e2e"])
        }
        return screen
    }

    @Test(arguments: [
        ([String](), [String: String]()),
        (["--color", "always"], ["NO_COLOR": "1"]),
    ])
    func colourIsOnByDefaultAndWithAlways(arguments: [String], environment: [String: String]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"] + arguments, environment: environment)
        defer { tmux.close() }
        try await tmux.waitFor("the list", timeout: patience) { StatusCounts($0) != nil }
        let screen = try await Self.styledScreen(tmux, containing: 36)
        #expect(Self.colourParameters(in: screen).contains(36), "the pointer is cyan: \(screen.prefix(200).debugDescription)")
        try tmux.send("q")
        #expect(try await tmux.waitForExit(timeout: patience) == 0)
    }

    /// Issue 6's status line: the current row, items loaded and the total the API reports, the
    /// load state while a page loads, and the last page's latency. Each page is held back until
    /// the test lets it go, so the loading states are seen whatever the machine's speed.
    @Test func theStatusLineShowsRowCountsTotalLoadStateAndLatency() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FeatureServer.with { base, gates in
            let tmux = try await TmuxSession(arguments: ["\(base)/gated?page={page}"])
            defer { tmux.close() }
            let first = try await tmux.waitFor("page 1 loading", timeout: patience) { $0.last?.contains("no rows · ") == true && $0.last?.contains("loading") == true }
            #expect(first.last?.contains("infinilist · 127.0.0.1") == true)
            gates.open(1)
            // Five of nine items: page 2 is asked for at once, and waits.
            let partial = try await tmux.waitFor("row, counts, load state and latency", timeout: patience) { rows in
                rows.last?.range(of: #"row 1/5 of 9 · . loading · [0-9.,]+ (ms|s)\s*$"#, options: .regularExpression) != nil
            }
            #expect(partial.contains { $0.contains("loading page 2") })
            gates.open(2)
            gates.open(3)
            let ended = try await tmux.waitFor("the end", timeout: patience) { rows in
                rows.last?.range(of: #"row 1/9 · end · [0-9.,]+ (ms|s)\s*$"#, options: .regularExpression) != nil
            }
            #expect(ended.contains { $0.contains("— end · 9 items") })
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
        }
    }

    /// `@NAME` from `$XDG_CONFIG_HOME/infinilist/config.toml`: the URL, a header filled from the
    /// environment, the format; flags on the command line override the file's.
    @Test(arguments: [
        (["@local"], ["[1] Named source item", "[2] auth: Bearer s3cret-token"]),
        (["@local", "--format", "{name}", "-H", "Authorization: from the command line"],
         ["Named source item", "auth: from the command line"]),
    ])
    func aNamedSourceFromTheConfigFileStarts(arguments: [String], expected: [String]) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await FeatureServer.with { base, _ in
            let config = try TemporaryDirectory()
            let file = try Self.writeConfig(in: config, """
                # sources for the feature tests
                [sources.local]
                url = "\(base)/named?page={page}"
                headers = { Authorization = "Bearer ${INFINILIST_TEST_TOKEN}" }
                format = "[{id}] {name}"

                [sources.other]
                url = "https://example.com/?page={page}"
                """)
            let tmux = try await TmuxSession(arguments: arguments, environment: [
                "XDG_CONFIG_HOME": config.url.path, "INFINILIST_TEST_TOKEN": "s3cret-token",
            ])
            defer { tmux.close() }
            let rows = try await tmux.waitFor("the named source's items", timeout: patience) { rows in
                rows.contains { $0.contains("— end · 2 items") }
            }
            #expect(rows[0] == "> " + expected[0])
            #expect(rows[1] == "  " + expected[1])
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: patience) == 0)
            // The file is read, never written, and nothing else appears beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["config.toml"])
        }
    }

    @Test func anUnknownNameListsTheSourcesThereAre() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let config = try TemporaryDirectory()
        try Self.writeConfig(in: config, "[sources.alpha]\nurl = \"https://example.com/?page={page}\"\n\n[sources.beta]\ndemo-items = 5\n")
        let tmux = try await TmuxSession(arguments: ["@gamma"], environment: ["XDG_CONFIG_HOME": config.url.path])
        defer { tmux.close() }
        #expect(try await tmux.waitForExit(timeout: patience) == 64)
        try await tmux.waitFor(text: "infinilist exited", timeout: patience)
        // -J joins the message's wrapped lines.
        let text = try tmux.query(["capture-pane", "-p", "-J", "-t", "e2e"])
        #expect(text.contains("no source named @gamma"))
        #expect(text.contains("@alpha, @beta"))
    }

    // MARK: Helpers

    /// How long a wait may take before the test fails: generous, for a machine busy with builds.
    private let patience: Duration = .seconds(30)

    @discardableResult
    private static func writeConfig(in directory: TemporaryDirectory, _ text: String) throws -> URL {
        let folder = directory.url.appendingPathComponent("infinilist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Every SGR colour parameter (30–38, 40–48, 90–97, 100–107) in captured pane text.
    static func colourParameters(in text: String) -> [Int] {
        var found: [Int] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1b}[") {
            rest = rest[start.upperBound...]
            let parameters = rest.prefix { $0.isNumber || $0 == ";" }
            guard rest.dropFirst(parameters.count).first == "m" else { continue }
            for value in parameters.split(separator: ";").compactMap({ Int($0) }) {
                if (30...38).contains(value) || (40...48).contains(value) || (90...97).contains(value) || (100...107).contains(value) {
                    found.append(value)
                }
            }
        }
        return found
    }
}

/// What a mouse does, for `sendMouse`.
enum MouseAction {
    case wheelUp, wheelDown, press

    var button: Int {
        switch self {
        case .wheelUp: return 64
        case .wheelDown: return 65
        case .press: return 0
        }
    }
}

/// Whether the program in the pane asked for mouse reports, and in SGR encoding.
private func mouseReporting(_ tmux: TmuxSession) throws -> (on: Bool, sgr: Bool) {
    let flags = try tmux.query(["display-message", "-p", "-t", "e2e",
                                "#{mouse_standard_flag}#{mouse_button_flag}#{mouse_any_flag} #{mouse_sgr_flag}"])
        .trimmingCharacters(in: .whitespacesAndNewlines)
    let parts = flags.split(separator: " ")
    return (parts.first?.contains("1") == true, parts.last == "1")
}

/// Writes the report a terminal sends for a mouse action at cell (x, y), 0-based, into the pane.
private func sendMouse(_ tmux: TmuxSession, _ action: MouseAction, x: Int, y: Int) throws {
    let sequence: String
    if try mouseReporting(tmux).sgr {
        sequence = "\u{1b}[<\(action.button);\(x + 1);\(y + 1)M"
    } else {
        let bytes = [action.button + 32, x + 33, y + 33].compactMap { Unicode.Scalar(UInt32($0)) }.map(Character.init)
        sequence = "\u{1b}[M" + String(bytes)
    }
    _ = try tmux.query(["send-keys", "-t", "e2e", "-l", sequence])
}

/// Rows without their last field: the demo's ages count real minutes, and one may tick between
/// two captures of the same rows.
private func withoutLastField(_ rows: [String]) -> [String] {
    rows.map { row in String(row.trimmingCharacters(in: .whitespaces).reversed().drop { $0 != " " }.reversed()) }
}
