/// A table while its document is parsed. A class, so that a key added deep in a big file changes
/// one table in place: tables held in enum values are copied whole on every change, which made
/// a file of 20,000 tables take seconds. Keys are indexed, so a lookup does not scan the table.
/// `build()` gives the immutable `TOMLTable` the rest of the program reads.
final class TOMLTableBuilder {
    enum Slot {
        /// A value; an inline table or a static array is complete once written.
        case value(TOMLValue)
        /// A table made by a `[header]`, or implicitly by a dotted key or a longer header.
        case table(TOMLTableBuilder)
        /// `[[name]]`: keys and headers below it go to its last table.
        case arrayOfTables(ArrayOfTables)
    }

    final class ArrayOfTables {
        var tables: [TOMLTableBuilder]
        init(_ first: TOMLTableBuilder) { tables = [first] }
    }

    /// How a table came to be, which decides what may add to it later (TOML 1.0).
    enum Origin {
        /// Named on the way to a longer header (`a` in `[a.b]`): a `[a]` may still define it,
        /// a dotted key may still go through it.
        case implicit
        /// Defined by a `[header]` (or `[[header]]`) on this line: it is not defined again, and
        /// a dotted key from another table does not reach into it.
        case header(line: Int)
        /// Made or gone through by a dotted key on this line (`a.b = 1` makes `a`): its keys are
        /// written with dotted keys; a `[header]` cannot define it, though `[a.c]` can add a
        /// table to it.
        case dotted(line: Int)
    }

    private var keys: [String] = []
    private var slots: [String: (slot: Slot, line: Int)] = [:]
    private var origin: Origin

    init(origin: Origin = .implicit) {
        self.origin = origin
    }

    // MARK: Statements

    /// `[a.b]` under `root`: the table, created with the tables above it when needed. A table
    /// defined twice, or a header going through a value, is an error.
    static func defineTable(_ path: [String], in root: TOMLTableBuilder, line: Int) throws(TOMLSyntaxError) -> TOMLTableBuilder {
        let name = "[\(path.joined(separator: "."))]"
        let parent = try root.descend(path.dropLast(), header: name, line: line)
        guard let last = path.last else { return root }
        switch parent.slots[last] {
        case nil:
            let table = TOMLTableBuilder(origin: .header(line: line))
            parent.add(last, .table(table), line: line)
            return table
        case (.table(let table), _)?:
            switch table.origin {
            case .implicit:
                table.origin = .header(line: line)
                return table
            case .header(let defined):
                throw TOMLSyntaxError(line: line, message: "the table \(name) is already defined on line \(defined)")
            case .dotted(let defined):
                throw TOMLSyntaxError(line: line, message: "the table \(name) is already defined on line \(defined) by a dotted key; write its keys there as \(last).key = value")
            }
        case (.arrayOfTables, let defined)?:
            throw TOMLSyntaxError(line: line, message: "\(name): '\(last)' is already defined on line \(defined) as an array of tables; write [\(name)] to add a table to it")
        case (.value, let defined)?:
            throw TOMLSyntaxError(line: line, message: "\(name): '\(last)' is already defined on line \(defined) as something else")
        }
    }

    /// `[[a.b]]` under `root`: a new table at the end of the array of tables `a.b`.
    static func appendTable(_ path: [String], in root: TOMLTableBuilder, line: Int) throws(TOMLSyntaxError) -> TOMLTableBuilder {
        let name = "[[\(path.joined(separator: "."))]]"
        let parent = try root.descend(path.dropLast(), header: name, line: line)
        guard let last = path.last else { return root }
        let table = TOMLTableBuilder(origin: .header(line: line))
        switch parent.slots[last] {
        case nil:
            parent.add(last, .arrayOfTables(ArrayOfTables(table)), line: line)
        case (.arrayOfTables(let array), _)?:
            array.tables.append(table)
        case (_, let defined)?:
            throw TOMLSyntaxError(line: line, message: "\(name): '\(last)' is already defined on line \(defined) as something else")
        }
        return table
    }

    /// `a.b = v` in this table: tables for the dotted part; a key defined twice, or a dotted key
    /// going through a value, an array of tables or a table defined by a `[header]`, is an error.
    func insert(_ value: TOMLValue, at path: [String], line: Int) throws(TOMLSyntaxError) {
        var table = self
        for part in path.dropLast() {
            switch table.slots[part] {
            case nil:
                let inner = TOMLTableBuilder(origin: .dotted(line: line))
                table.add(part, .table(inner), line: line)
                table = inner
            case (.table(let inner), _)?:
                switch inner.origin {
                case .header(let defined):
                    throw TOMLSyntaxError(line: line, message: "'\(part)' is a table defined by its [header] on line \(defined); write its keys under that header")
                case .implicit:
                    inner.origin = .dotted(line: line)
                case .dotted:
                    break
                }
                table = inner
            case (_, let defined)?:
                throw TOMLSyntaxError(line: line, message: "'\(part)' is already defined on line \(defined) as something else")
            }
        }
        guard let last = path.last else { return }
        if let existing = table.slots[last] {
            throw TOMLSyntaxError(line: line, message: "the key '\(last)' is already defined on line \(existing.line)")
        }
        table.add(last, .value(value), line: line)
    }

    /// The table a header's leading parts name: tables are created as needed, an array of
    /// tables stands for its last table.
    private func descend(_ parts: ArraySlice<String>, header: String, line: Int) throws(TOMLSyntaxError) -> TOMLTableBuilder {
        var table = self
        for part in parts {
            switch table.slots[part] {
            case nil:
                let inner = TOMLTableBuilder()
                table.add(part, .table(inner), line: line)
                table = inner
            case (.table(let inner), _)?:
                table = inner
            case (.arrayOfTables(let array), let defined)?:
                guard let last = array.tables.last else {
                    throw TOMLSyntaxError(line: line, message: "\(header): '\(part)' on line \(defined) is an empty array of tables")
                }
                table = last
            case (.value, let defined)?:
                throw TOMLSyntaxError(line: line, message: "\(header): '\(part)' is already defined on line \(defined) as something else")
            }
        }
        return table
    }

    private func add(_ key: String, _ slot: Slot, line: Int) {
        keys.append(key)
        slots[key] = (slot, line)
    }

    // MARK: Result

    /// The finished table, entries in the order their keys first appeared. Recursion follows
    /// the tables' nesting, which the parser bounds (`TOMLParser.maxDepth` parts a header or key).
    func build() -> TOMLTable {
        TOMLTable(entries: keys.compactMap { key in
            guard let (slot, line) = slots[key] else { return nil }
            switch slot {
            case .value(let value): return TOMLEntry(key: key, value: value, line: line)
            case .table(let table): return TOMLEntry(key: key, value: .table(table.build()), line: line)
            case .arrayOfTables(let array):
                return TOMLEntry(key: key, value: .array(array.tables.map { .table($0.build()) }), line: line)
            }
        })
    }
}
