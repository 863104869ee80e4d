/// The fields of one item, as the column picker lists them: every member, and the members of the
/// objects inside it (`user.login`), depth-first in the server's order. Arrays are fields of their
/// own (a cell shows `bug, ui`), not looked into.
///
/// Bounded, whatever the server sends: paths of at most `maxDepth` keys and at most `maxFields`
/// fields, so a huge or deeply nested item lists what a person can choose from, quickly.
enum FieldList {
    static let maxDepth = 4
    static let maxFields = 400

    struct Field: Equatable {
        let path: JSONPath
        let value: JSONValue
    }

    static func fields(of value: JSONValue) -> [Field] {
        var fields: [Field] = []
        collect(value, prefix: [], into: &fields)
        return fields
    }

    /// Recursive, at most `maxDepth` deep.
    private static func collect(_ value: JSONValue, prefix: [JSONPath.Component], into fields: inout [Field]) {
        guard let members = value.objectValue, prefix.count < maxDepth else { return }
        for (key, member) in members {
            guard fields.count < maxFields else { return }
            let path = prefix + [.key(key)]
            fields.append(Field(path: JSONPath(path), value: member))
            collect(member, prefix: path, into: &fields)
        }
    }

    /// Whether `--columns` can name this path: its column text reads back as the same column. A
    /// key with a control or invisible character is shown escaped, and the escape is not the key.
    static func isNameable(_ path: JSONPath) -> Bool {
        let spec = ColumnSpec(path: path)
        return (try? ColumnSpec.parseList(spec.text)) == [spec]
    }
}
