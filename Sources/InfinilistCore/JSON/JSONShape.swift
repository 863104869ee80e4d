/// The paths a JSON value has, for messages that say what is there when a path a user gave is
/// not: the fields of a page's items (`--format '{titel}'`), the arrays of an answer
/// (`--items hit`). Both walks are bounded in depth and count: an answer can be any size, and
/// a message names a few paths, not all of them.
public enum JSONShape {
    /// The arrays in `value`, shallowest first (then in the answer's order), with their lengths:
    /// `hits` (20), `facets.tags` (3). The value itself is not listed; arrays inside arrays are
    /// not looked into.
    public static func arrays(in value: JSONValue, maxDepth: Int = 4, limit: Int = 8) -> [(path: JSONPath, count: Int)] {
        var found: [(path: JSONPath, count: Int)] = []
        var level: [(JSONPath, JSONObject)] = value.objectValue.map { [(JSONPath([]), $0)] } ?? []
        var depth = 0
        while !level.isEmpty, depth < maxDepth, found.count < limit {
            var next: [(JSONPath, JSONObject)] = []
            for (path, object) in level {
                for (key, member) in object {
                    let memberPath = JSONPath(path.components + [.key(key)])
                    switch member {
                    case .array(let elements):
                        if found.count < limit { found.append((memberPath, elements.count)) }
                    case .object(let inner):
                        next.append((memberPath, inner))
                    case .null, .bool, .number, .string:
                        break
                    }
                }
            }
            level = next
            depth += 1
        }
        return found
    }

    /// The fields of `items` as paths a template or a column names (`title`, `user.login`), in
    /// the order first met: every key of the objects, and of objects within them down to
    /// `maxDepth`, at most `limit` paths. Arrays are not looked into.
    public static func fields(of items: some Sequence<JSONValue>, maxDepth: Int = 3, limit: Int = 500) -> [String] {
        var seen = Set<String>()
        var ordered: [String] = []
        func walk(_ object: JSONObject, prefix: [JSONPath.Component], depth: Int) {
            for (key, member) in object {
                guard ordered.count < limit else { return }
                let components = prefix + [.key(key)]
                let text = JSONPath(components).description
                if seen.insert(text).inserted { ordered.append(text) }
                if case .object(let inner) = member, depth + 1 < maxDepth {
                    walk(inner, prefix: components, depth: depth + 1)
                }
            }
        }
        for item in items {
            guard ordered.count < limit else { break }
            if case .object(let object) = item { walk(object, prefix: [], depth: 0) }
        }
        return ordered
    }
}
