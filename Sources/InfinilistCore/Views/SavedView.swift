/// `V`: the view on screen saved as a named source of the config file, so `infinilist @NAME`
/// opens it again and `--view NAME` lays it over any URL (k9s keeps its views the same way, in
/// `views.yaml`). A view is the settings that say what is shown of a list, not where it comes
/// from: the table's columns, the sort, the filter and the jq program. A view without one of
/// them takes it out of the table, so the saved view is the view seen.
///
/// The core says what to save (`Effect.saveView`); the event loop writes the config file and
/// says how it went (`Message.viewSaved`).
public struct SavedView: Sendable, Equatable {
    /// The settings of a source that are its view, in the order they are written: a table's
    /// `columns` or the lines' `format` (never both), then the sort, the filter and the program.
    public static let keys = ["columns", "format", "sort", "filter", "jq"]

    public struct Setting: Sendable, Equatable {
        public let key: String
        public let value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The source's name, `[sources.NAME]`, as `@NAME` names it.
    public let name: String
    /// The view's settings, in the order of `keys`; a key left out is removed from the table.
    public let settings: [Setting]
    /// Whether an existing source's view settings are replaced; false asks first.
    public let replacing: Bool

    public init(name: String, settings: [Setting], replacing: Bool) {
        self.name = name
        self.settings = settings
        self.replacing = replacing
    }

    /// Why `name` cannot name a view, nil when it can: a name is typed after `@` in a shell and
    /// written in a `[sources.NAME]` header, so it is letters, digits, `-` and `_`.
    public static func problem(withName name: String) -> String? {
        guard !name.isEmpty else { return "no name given" }
        guard name.count <= 64 else { return "a view's name is at most 64 characters" }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
        return allowed ? nil : "a view's name is letters, digits, - and _ (it is typed after @)"
    }
}

/// How saving a view went, as the event loop tells the core.
public enum ViewSaveResult: Sendable, Equatable {
    /// Written into the config file at `path`; `created` when its table is new; `hasURL` false
    /// when it has no address (a view of standard input), so only `--view` can use it.
    case saved(name: String, path: String, created: Bool, hasURL: Bool)
    /// The file has a source of that name and the view was not to replace its settings.
    case exists(name: String, path: String)
    /// Nothing was written: why, in a line.
    case failed(name: String, reason: String)
}

extension AppState {
    /// The view on screen as the settings `V` saves under `name`. A filter on a value picked in
    /// the counts view has no `filter` text: it is saved as a `select` after the jq program.
    func savedView(named name: String, replacing: Bool) -> SavedView {
        var settings: [SavedView.Setting] = []
        switch rowLayout {
        case .table(let table):
            settings.append(.init(key: "columns", value: table.columns.map(\.spec.text).joined(separator: ",")))
        case .lines, .undecided:
            if let format = config.format { settings.append(.init(key: "format", value: format)) }
        }
        if let order = finding.order {
            settings.append(.init(key: "sort", value: order.field.text))
        }
        if let matcher = finding.filter?.matcher {
            settings.append(.init(key: "filter", value: matcher.query))
        }
        var program = finding.rowQuery?.program
        switch finding.filter?.test {
        case .value(let value), .textAndValue(_, let value):
            program = (program.map { "(\($0)) | " } ?? "") + value.jqSelect
        case .text, nil:
            break
        }
        if let program { settings.append(.init(key: "jq", value: program)) }
        return SavedView(name: name, settings: settings, replacing: replacing)
    }

    /// `V`: the name prompt, holding the source's own name when it came from `@NAME`.
    mutating func openSaveViewPrompt() {
        mode = .prompt(Prompt(kind: .saveView, text: config.viewName ?? ""))
    }

    /// Enter at the name prompt: the view to save (over the session's own source without asking).
    mutating func saveView(named typed: String) -> [Effect] {
        // The prompt shows the `@`; one typed as well is not part of the name.
        let name = typed.hasPrefix("@") ? String(typed.dropFirst()) : typed
        if let problem = SavedView.problem(withName: name) {
            notice = .viewNotSaved(name: name, reason: problem)
            return []
        }
        return [.saveView(savedView(named: name, replacing: name == config.viewName))]
    }

    /// How saving went: a report, or for a source that exists, the question whether to replace.
    mutating func viewSaved(_ result: ViewSaveResult) {
        switch result {
        case .saved(let name, let path, let created, let hasURL):
            notice = .viewSaved(name: name, path: path, created: created, hasURL: hasURL)
        case .exists(let name, _):
            mode = .prompt(Prompt(kind: .replaceView, text: name))
        case .failed(let name, let reason):
            notice = .viewNotSaved(name: name, reason: reason)
        }
    }

    /// A key at the "replace @NAME?" question: `y` saves over its view settings.
    mutating func answerReplaceView(_ key: Key, name: String) -> [Effect] {
        mode = .list
        guard key == .char("y") || key == .char("Y") else {
            notice = .viewNotSaved(name: name, reason: "@\(name) exists, and was kept")
            return []
        }
        return [.saveView(savedView(named: name, replacing: true))]
    }
}

extension FieldValue {
    /// A jq filter keeping the rows with this value: the path walked step by step as
    /// `FieldValue.of` walks it (a number steps into an array, else it is a key), compared with
    /// jq's `==` (1 and 1.0 are one value there too; integers past 2^53 compare by their digits,
    /// as jq 1.7 compares literals). jq reads a missing field as null, so null and missing are
    /// told apart by whether the last step's container has it.
    var jqSelect: String {
        var parent = "."
        for component in path.components.dropLast() { parent += Self.jqStep(component) }
        let walk = parent + (path.components.last.map(Self.jqStep) ?? "")
        guard let last = path.components.last else { return "select(. == \(json ?? "null"))" }
        let key = JSONValue.string(last.key).compactJSON
        let has = last.index.map { "if type == \"array\" then has(\($0)) else has(\(key)) end" } ?? "has(\(key))"
        let present = "([\(parent) | try (\(has)) catch false] | any)"
        switch json {
        case nil: return "select(\(present) | not)"
        case "null": return "select(\(present) and (\(walk)) == null)"
        case let json?: return "select((\(walk)) == \(json))"
        }
    }

    private static func jqStep(_ component: JSONPath.Component) -> String {
        let key = JSONValue.string(component.key).compactJSON
        guard let index = component.index else { return " | .[\(key)]?" }
        return " | if type == \"array\" then .[\(index)] else .[\(key)]? end"
    }
}
