/// Acting on the item under the cursor (or the one the detail view shows): `o` opens its web
/// address, `y` and `Y` copy it, and keys bound with `--bind` run a command on it or print it.
/// The core only decides: the event loop opens, copies and runs (`Effect`), and reports back
/// what went wrong (`Message.commandReport`).
extension AppState {
    /// The most one argument of a program may hold on Linux (`MAX_ARG_STRLEN`, 32 pages, with
    /// its closing NUL): `sh -c` gets the whole command as one.
    static let maxCommandBytes = 131_071

    /// `o`: the item's http or https address goes to the browser; otherwise a notice says why
    /// not. Rings when the item is not in memory.
    mutating func openWebAddress(of json: String?) -> [Effect] {
        guard let json else { return [.bell] }
        switch WebAddress.find(in: json, path: config.openPath) {
        case .found(let address):
            notice = .command(.opening(address))
            return [.openInBrowser(address)]
        case .notWeb(let text):
            notice = .command(.notWebAddress(text))
        case .absent:
            notice = .command(.noWebAddress)
        }
        return []
    }

    /// `y` in the list: the item's compact JSON, as Enter prints it.
    /// With the preview pane showing the item, the value on the pane's first line, as `y` in
    /// the detail view (unscrolled, that is the whole item too).
    mutating func copyItem() -> [Effect] {
        guard let item = selectedItem else { return [.bell] }
        if let view = preview.view, view.json == item.json, previewTextArea != nil {
            return copyValue(shownBy: view)
        }
        return copy(item.json, what: "the item's JSON")
    }

    /// `Y`: the row's text as the list shows it; a table's cells are joined by tabs, so they
    /// paste into a spreadsheet's columns.
    mutating func copyRow() -> [Effect] {
        guard let item = selectedItem else { return [.bell] }
        let text = item.cells.isEmpty ? item.text : item.cells.map(\.searchText).joined(separator: "\t")
        return copy(text, what: "the row's text")
    }

    /// `y` in the detail view (and any view of an item's pretty-printed JSON): the value shown
    /// on the first line on screen, as `JSONValue.lineValues` assigns them (the first line is
    /// the whole item), found in the item's text without parsing the rest (`LineValueLocator`).
    /// A value far over what a terminal takes is refused by its size before it is parsed.
    mutating func copyValue(shownBy view: DetailView) -> [Effect] {
        guard let start = view.index.locate(row: view.top)?.start,
              let found = view.index.value(onLineAt: start) else { return copy(view.json, what: "the item") }
        let size = found.text.utf8.count
        // Compact text is never more than a few times shorter than the text it comes from.
        guard size <= 8 * ClipboardText.maxBytes else {
            notice = .command(.copyTooLarge(bytes: size))
            return []
        }
        guard let value = try? JSONParser.parse(String(found.text)) else { return copy(view.json, what: "the item") }
        return copy(value.copyText, what: found.path.isEmpty ? "the item's JSON" : found.path)
    }

    /// Puts `text` on the clipboard, with a notice saying what and how much, or why not.
    private mutating func copy(_ text: String, what: String) -> [Effect] {
        if case .unavailable(let reason) = config.clipboard {
            notice = .command(.clipboardUnavailable(reason))
            return []
        }
        let bytes = text.utf8.count
        guard bytes <= ClipboardText.maxBytes else {
            notice = .command(.copyTooLarge(bytes: bytes))
            return []
        }
        notice = .command(.copied(what: what, bytes: bytes, inTmux: config.clipboard == .tmux))
        return [.copyToClipboard(text)]
    }

    /// A key bound with `--bind` to a command, on `json` (the cursor's item, or the detail
    /// view's; nil when its page is not in memory). Commands get every value shell-quoted;
    /// `print` writes the template once for each marked item (or for the item) and exits.
    mutating func run(_ command: BoundCommand, on json: String?) -> [Effect] {
        let marked = marks.outputInListOrder()
        switch command {
        case .execute(let template), .executeSilent(let template):
            if json == nil, template.needsItem(marksEmpty: marked.isEmpty) { return [.bell] }
            let text = template.filled(item: json, marked: marked, quote: true)
            // Quoting keeps every other character data; a NUL would end the argument early.
            if text.contains("\0") {
                notice = .command(.commandHasNUL)
                return []
            }
            let bytes = text.utf8.count
            if bytes > Self.maxCommandBytes {
                notice = .command(.commandTooLong(bytes: bytes))
                return []
            }
            if case .execute = command { return [.runCommand(text)] }
            return [.runCommandInBackground(text)]
        case .print(let template):
            let items = marked.isEmpty ? (json.map { [$0] } ?? []) : marked
            guard !items.isEmpty else { return [.bell] }
            return [.quit(code: 0, output: items.map { template.filled(item: $0, marked: [], quote: false) })]
        }
    }
}
