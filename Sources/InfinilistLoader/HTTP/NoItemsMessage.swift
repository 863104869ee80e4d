import InfinilistCore

/// What a page says when it holds no list of items: where the arrays of the answer are, with
/// their paths and lengths, so the `--items PATH` to give (or the one mistyped: `--items hit`
/// beside `hits`) is read off the message instead of the raw JSON.
enum NoItemsMessage {
    /// At most this many arrays are named: the message is one line.
    static let arraysNamed = 6

    static func text(label: String, json: JSONValue, itemsPath: JSONPath?) -> String {
        let arrays = JSONShape.arrays(in: json, limit: arraysNamed + 1)
        let listed = list(arrays)
        if let itemsPath {
            var text = "\(label) has no array at --items \(itemsPath)"
            let written = itemsPath.description
            if let nearest = NearestWords.nearest(to: written, among: arrays.map(\.path.description)),
               NearestWords.isClose(nearest.distance, to: written) {
                text += "; did you mean --items \(nearest.words.joined(separator: " or --items "))?"
            }
            guard !arrays.isEmpty else { return text + " (the answer has no array; \(shape(of: json)))" }
            return text + " (its arrays: \(listed))"
        }
        guard json.objectValue != nil else {
            return "\(label) has no list of items (the body is a single \(json.kindName)); use --items PATH"
        }
        guard !arrays.isEmpty else { return "\(label) has no list of items; use --items PATH (\(shape(of: json)))" }
        return "\(label) has no list of items; use --items PATH (its arrays: \(listed))"
    }

    /// `hits (20 items), facets.tags (3 items)`, and `…` when there are more.
    private static func list(_ arrays: [(path: JSONPath, count: Int)]) -> String {
        let named = arrays.prefix(arraysNamed).map { array in
            "\(OneLine.clean(array.path.description, maxCharacters: 40)) (\(Counted.text(array.count, "item")))"
        }
        return named.joined(separator: ", ") + (arrays.count > arraysNamed ? ", …" : "")
    }

    /// `top-level keys: id, name, …` for an object; its kind otherwise.
    private static func shape(of json: JSONValue) -> String {
        guard let members = json.objectValue else { return "the body is a single \(json.kindName)" }
        let keys = members.keys.prefix(8).map { OneLine.clean($0, maxCharacters: 30) }.joined(separator: ", ")
        return "top-level keys: \(keys)"
    }
}
