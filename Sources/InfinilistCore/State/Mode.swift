/// What the keys act on. Each mode has its own key table (`KeyMap.list`, `.prompt`, `.detail`,
/// `.columns`), so the same key can mean different things (Ctrl-U scrolls the list but clears a
/// prompt).
/// The help screen (`?`, `AppState.help`) is not one of these: it covers any of them, which
/// keeps its place underneath, and has its own table (`KeyMap.help`) and scroll position.
public enum Mode: Sendable, Equatable {
    /// The list, with its cursor.
    case list
    /// A one-line prompt on the status line row, over the list.
    case prompt(Prompt)
    /// One item as pretty-printed JSON; the list keeps its place underneath.
    case detail(DetailView)
    /// The column picker: the fields of the item under the cursor, to choose a table's columns.
    case columns(ColumnPicker)
    /// The counts view (`#`): how often each value of a field occurs in the rows shown.
    case counts(CountsView)
}

/// The text being typed after `/` or `&`. Editing is at the end only (insert, delete the last
/// character, clear): enough for a search term, and nothing to get wrong with wide characters.
public struct Prompt: Sendable, Equatable {
    /// What Enter will do with the text.
    public enum Kind: Sendable, Equatable {
        case search
        case filter
        /// The `|` prompt: a jq program over the rows (QueryPrompt.swift).
        case jq
        /// `w`: the file the view is written to (ViewWrite.swift).
        case write
        /// The file `w` named exists: `y` overwrites it.
        case overwrite
        /// `V`: the name the view is saved under (SavedView.swift).
        case saveView
        /// The source `V` named exists: `y` replaces its view settings; the text is its name.
        case replaceView
    }

    public let kind: Kind
    public internal(set) var text: String

    public init(kind: Kind, text: String = "") {
        self.kind = kind
        self.text = text
    }

    /// The character shown before the text, as typed to open the prompt.
    public var symbol: String {
        switch kind {
        case .search: "/"
        case .filter: "&"
        case .jq: "|"
        case .write: "write to: "
        case .overwrite, .replaceView: ""
        case .saveView: "save view as @"
        }
    }

    /// Whether a key's character can be typed into the prompt: anything but controls.
    static func isTypable(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value)
        }
    }
}
