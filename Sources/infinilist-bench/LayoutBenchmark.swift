/// `--layouts`: bytes per key for each way infinilist shows the demo feed, one session each in
/// the same pseudo-terminal: the table (the default), one line per row (`--format '{title}'`,
/// the rows before tables), and each with the preview pane beside the list, and the table with
/// the pane under it. Bytes depend on what is drawn, not on the build, so a debug build gives
/// the same figures as a release one.
///
/// For reading what the bytes are, the output of one ↓ inside the first screen (the 10th) and
/// one that scrolls (the 100th) is kept per layout in the work directory, escapes made visible.
enum LayoutBenchmark {
    struct Layout {
        let name: String
        /// A file name for its transcripts.
        let slug: String
        let flags: [String]
    }

    static let layouts = [
        Layout(name: "table", slug: "table", flags: []),
        Layout(name: "--format '{title}'", slug: "format", flags: ["--format", "{title}"]),
        Layout(name: "table, --preview", slug: "table-preview", flags: ["--preview"]),
        Layout(name: "--format '{title}', --preview", slug: "format-preview", flags: ["--format", "{title}", "--preview"]),
        Layout(name: "table, --preview --preview-position bottom", slug: "table-preview-bottom",
               flags: ["--preview", "--preview-position", "bottom"]),
    ]

    struct Figures {
        let layout: Layout
        let down: [KeySample]
        let pageDown: [KeySample]
    }

    /// The ↓ presses whose output is kept, 1-based.
    static let keptPresses = [10, 100]

    static func run(options: BenchOptions, keys: Terminfo) throws -> [Figures] {
        var figures: [Figures] = []
        for layout in layouts {
            Bench.progress("layout: \(layout.name) (\(2 * options.keys) keys)")
            let session = try TerminalSession(
                options.infinilist,
                ["--demo-latency", "0", "--demo-items", String(options.rows)] + layout.flags,
                environment: BenchEnvironment.forPrograms(), quitKeys: Array("q".utf8))
            defer { session.quit() }
            _ = session.awaitFirstScreen(quietMs: max(500, options.quietMs))
            var down: [KeySample] = []
            for press in 1...options.keys {
                _ = session.terminal.take()
                down.append(session.press(keys.down, quietMs: options.quietMs))
                let output = session.terminal.take()
                if keptPresses.contains(press) {
                    Files.write(options.workDirectory + "/layout-\(layout.slug)-down-\(press).txt", visible(output) + "\n")
                }
            }
            let pageDown = (0..<options.keys).map { _ in session.press(keys.pageDown, quietMs: options.quietMs) }
            figures.append(Figures(layout: layout, down: down, pageDown: pageDown))
        }
        return figures
    }

    /// The figures as a Markdown table, each layout's ↓ compared with the single-line rows'.
    static func markdown(_ figures: [Figures], options: BenchOptions) -> String {
        func mean(_ samples: some Collection<KeySample>) -> Double {
            Percentiles(samples.map { Double($0.bytes) }).mean ?? .nan
        }
        let lines = figures.first { $0.layout.slug == "format" }
        var rows = [
            "bytes per key by layout: \(BenchEnvironment.size.columns)x\(BenchEnvironment.size.rows) pty, demo feed of \(NumberGrouping.grouped(options.rows)) items, "
                + "\(options.keys) × ↓ then \(options.keys) × PgDn; settled = no output for \(options.quietMs) ms",
            "",
            "| layout | ↓ mean (p50) | ↓ in the screen (1–25) | ↓ scrolling (31–\(options.keys)) | ↓ scrolling / one-line rows | PgDn mean |",
            "|---|---|---|---|---|---|",
        ]
        for figure in figures {
            let median = Percentiles(figure.down.map { Double($0.bytes) }).median ?? .nan
            let scrolling = mean(figure.down.dropFirst(30))
            let ratio = lines.map { "\(format(scrolling / mean($0.down.dropFirst(30)), 2))×" } ?? "–"
            rows.append("| \(figure.layout.name) | \(format(mean(figure.down), 1)) (\(format(median, 0))) | "
                + "\(format(mean(figure.down.prefix(25)), 1)) | \(format(scrolling, 1)) | \(ratio) | \(format(mean(figure.pageDown), 1)) |")
        }
        return rows.joined(separator: "\n")
    }

    /// Terminal output as readable text: ESC as `\e`, other controls as `\xNN`.
    static func visible(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case 0x1B: text += "\\e"
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0..<0x20, 0x7F: text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            default: text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        // Multi-byte characters were appended byte by byte; decode them back.
        return String(decoding: text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
