/// The column picker (`c`): the fields of the item under the cursor, to choose a table's columns
/// at run time. The columns in use come first, checked, in their order; then every other field of
/// the item (nested ones too, `user.login`), in the server's order. The columns applied are the
/// checked fields from the top down, so moving a field up moves its column left.
///
/// `specText` is the `--columns` value that gives the same columns: shown so it can be pasted
/// into a command or the config file, and read back by `ColumnSpec.parseList` to the same specs.
public struct ColumnPicker: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The column as `--columns` names it: a column in use keeps its width and header.
        public let spec: ColumnSpec
        public internal(set) var isChosen: Bool
        /// The item's value for the field, as one line of terminal-safe text (missing: empty).
        public let sample: String
        /// Whether `--columns` can name the field (see `FieldList.isNameable`); others are listed
        /// but cannot be chosen.
        public let isNameable: Bool

        /// The field as listed: its path, with the width and header of a column in use. Always
        /// terminal-safe (`JSONPath.description` escapes what could not be shown).
        public var name: String { spec.text }
    }

    /// Why the last key did nothing; shown on the status line until the next key.
    public enum Note: Sendable, Equatable {
        case cannotName
        case tooManyColumns
        case noneChosen
        /// Opened by `s`: how to sort.
        case sortHint
        /// Opened by `#`: how to count.
        case countsHint

        public var text: String {
            switch self {
            case .cannotName: return "this field's name cannot be written in --columns"
            case .tooManyColumns: return "at most \(ColumnSpec.maxColumns) columns"
            case .noneChosen: return "no columns chosen: Space chooses one"
            case .sortHint: return "s: sort by the field (again: the other way) · Esc: cancel"
            case .countsHint: return "#: count the field's values · Esc: cancel"
            }
        }
    }

    /// What the picker was opened for: the columns (`c`), a sort (`s`) or counts (`#`).
    public enum Purpose: Sendable, Equatable { case columns, sort, counts }

    public internal(set) var entries: [Entry]
    /// The entry under the cursor.
    public internal(set) var cursor = 0
    /// The first entry on screen.
    public internal(set) var top = 0
    public internal(set) var note: Note?

    /// The picker for a table in `current` columns (none when rows are single lines), listing
    /// the fields of `item`.
    public init(current: [ColumnSpec], item: JSONValue) {
        var entries: [Entry] = current.map { spec in
            Entry(spec: spec, isChosen: true, sample: Self.sample(item[spec.path]), isNameable: FieldList.isNameable(spec.path))
        }
        let used = Set(current.map(\.path))
        for field in FieldList.fields(of: item) where !used.contains(field.path) {
            entries.append(Entry(spec: ColumnSpec(path: field.path), isChosen: false, sample: Self.sample(field.value),
                                 isNameable: FieldList.isNameable(field.path)))
        }
        self.entries = entries
    }

    /// The columns to apply: the checked fields from the top down.
    public var chosenSpecs: [ColumnSpec] { entries.filter(\.isChosen).map(\.spec) }

    /// The `--columns` value for `chosenSpecs`.
    public var specText: String { chosenSpecs.map(\.text).joined(separator: ",") }

    /// What the picker shows above the fields: the option as it would be typed in a shell.
    public var commandText: String {
        let text = specText
        return text.isEmpty ? "--columns: none chosen" : "--columns " + Self.shellQuoted(text)
    }

    /// Shows or hides the field under the cursor; false (with a note) when it cannot be.
    mutating func toggle() -> Bool {
        guard entries.indices.contains(cursor) else { return false }
        if !entries[cursor].isChosen {
            guard entries[cursor].isNameable else {
                note = .cannotName
                return false
            }
            guard chosenSpecs.count < ColumnSpec.maxColumns else {
                note = .tooManyColumns
                return false
            }
        }
        entries[cursor].isChosen.toggle()
        return true
    }

    /// Moves the field under the cursor up (`delta` -1) or down, the cursor with it; false at
    /// either end.
    mutating func moveEntry(by delta: Int) -> Bool {
        let target = cursor + delta
        guard entries.indices.contains(cursor), entries.indices.contains(target) else { return false }
        entries.swapAt(cursor, target)
        cursor = target
        return true
    }

    mutating func moveCursor(to index: Int) {
        cursor = min(max(0, index), max(0, entries.count - 1))
    }

    /// Scrolls as little as possible to keep the cursor among `height` rows.
    mutating func keepCursorVisible(height: Int) {
        top = Self.top(top, cursor: cursor, height: height, count: entries.count)
    }

    /// The first entry on screen for a list `height` rows high: `top` moved as little as needed
    /// to show `cursor`, and no further down than the last screenful.
    static func top(_ top: Int, cursor: Int, height: Int, count: Int) -> Int {
        let height = max(1, height)
        var top = min(top, cursor)
        if cursor >= top + height { top = cursor - height + 1 }
        return max(0, min(top, count - height))
    }

    /// A field's value beside its name: as a text cell shows it.
    static func sample(_ value: JSONValue?) -> String {
        CellValue.cell(value, kind: .text).searchText
    }

    /// `text` quoted for a POSIX shell: in single quotes, each `'` written `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}
