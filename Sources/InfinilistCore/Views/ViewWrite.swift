/// `w`: the view written to a file, as k9s and lnav write theirs: the rows shown (after the
/// filter, and a jq program's outputs when one makes the rows), or the marked items when any are
/// marked, in the format the file's extension names (`.csv`, `.tsv`, `.json`; anything else is
/// JSON lines), csv and tsv with the table's columns as shown. Rows whose page was dropped from
/// memory are left out, and the report says how many. An existing file is not overwritten
/// without a `y`; a write that fails says why, and nothing on screen is lost.
///
/// The core makes the lines; the event loop writes them (`Effect.writeFile`) and says how it went
/// (`Message.fileWritten`).
public struct ViewWrite: Sendable, Equatable {
    /// The file, as typed.
    public let path: String
    /// The rows written, and the rows of the view left out (not in memory).
    public let rows: Int
    public let leftOut: Int
    /// What is written, kept while the user is asked about overwriting.
    let lines: [String]
}

/// How writing a file went, as the event loop tells the core.
public enum FileWriteResult: Sendable, Equatable {
    case written(path: String)
    /// The file exists and was not to be overwritten.
    case exists(path: String)
    /// The write failed: why, in a line.
    case failed(path: String, reason: String)
}

extension Export.Format {
    /// The format a file's name asks for: `.csv`, `.tsv`, `.json`, else JSON lines.
    public init(fileName: String) {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".csv") { self = .csv }
        else if lowered.hasSuffix(".tsv") { self = .tsv }
        else if lowered.hasSuffix(".json") { self = .json }
        else { self = .jsonl }
    }
}

extension AppState {
    /// Enter at the `w` prompt: the view's lines, to be written unless the file exists.
    /// Spaces around the name go, as a shell's word splitting would take them (a name typed
    /// after `w ` once failed as "no directory ' /tmp'").
    mutating func writeView(to typed: String) -> [Effect] {
        let path = typed.trimmingSpaces
        guard !path.isEmpty else { return [] }
        var json: [String] = []
        var leftOut = 0
        if !marks.isEmpty {
            json = marks.outputInListOrder()
        } else {
            json.reserveCapacity(visibleCount)
            for visible in 0..<visibleCount {
                guard let row = storeRow(at: visible), let text = store.withItem(at: row, { $0.json }) else {
                    leftOut += 1
                    continue
                }
                json.append(text)
            }
        }
        let format = Export.Format(fileName: path)
        var export = Export(format: format, columns: rowLayout.table?.columns.map(\.spec))
        let values = format == .csv || format == .tsv ? json.map { (try? JSONParser.parse($0)) ?? .string($0) } : []
        let lines = export.lines(for: values, json: json) + export.closingLines()
        let write = ViewWrite(path: path, rows: json.count, leftOut: leftOut, lines: lines)
        pendingWrite = write
        return [.writeFile(path: path, lines: lines, overwrite: false)]
    }

    /// How the write went: a report on the status line, or, for a file that exists, the
    /// question whether to overwrite it.
    mutating func fileWritten(_ result: FileWriteResult) {
        guard let write = pendingWrite else { return }
        switch result {
        case .written:
            pendingWrite = nil
            notice = .viewWritten(write)
        case .exists:
            mode = .prompt(Prompt(kind: .overwrite, text: write.path))
        case .failed(_, let reason):
            pendingWrite = nil
            notice = .viewNotWritten(path: write.path, reason: reason)
        }
    }

    /// A key at the "overwrite?" question: `y` writes over the file, anything else keeps it.
    mutating func answerOverwrite(_ key: Key) -> [Effect] {
        mode = .list
        guard let write = pendingWrite else { return [] }
        guard key == .char("y") || key == .char("Y") else {
            pendingWrite = nil
            notice = .viewNotWritten(path: write.path, reason: "it exists, and was kept")
            return []
        }
        return [.writeFile(path: write.path, lines: write.lines, overwrite: true)]
    }
}
