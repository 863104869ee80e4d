/// The items of one page and where they were found, so `-v` can tell the user which field was
/// used (and the user can pass it to `--items` when the guess is wrong).
public struct ItemsFound: Sendable, Equatable {
    public let items: [JSONValue]
    /// `(root)` or the path used, in `JSONPath` syntax.
    public let path: String
    /// Where the array is in the document; nil when the items were not read from one.
    public let location: JSONPath?

    /// For sources that find items by other means (tests, the demo source).
    public init(items: [JSONValue], path: String, location: JSONPath? = nil) {
        self.items = items
        self.path = path
        self.location = location
    }
}

/// Finds the item array in a page. Most APIs put it under one of a few conventional keys, so
/// guessing makes `--items` unnecessary for nearly every API in docs/pagination-apis.md.
public enum ItemLocator {
    /// Keys that conventionally hold a page's items, in order of preference.
    public static let conventionalKeys = [
        "data", "items", "results", "hits", "content", "members", "channels", "objects", "products",
        "children", "entries", "records", "rows", "list", "values", "files", "users", "posts", "elements",
    ]

    /// The items of `root`. With a `path`, the array at it (`nil` if absent or not an array).
    /// Without one, in order: a root array; the first conventional key holding an array (looking
    /// inside `data` for Reddit's `data.children` and inside `hits` for Elasticsearch's
    /// `hits.hits`); HAL's `_embedded.<first array>`; the only array-valued key of the root.
    /// `nil` when nothing fits, so the caller can ask for `--items PATH`.
    /// Items are returned as they are: Reddit's `{kind, data}` wrappers are the formatter's concern.
    public static func items(in root: JSONValue, at path: JSONPath?) -> ItemsFound? {
        if let path {
            guard let items = root[path]?.arrayValue else { return nil }
            return ItemsFound(items: items, path: path.description, location: path)
        }
        return autodetect(in: root)
    }

    private static func autodetect(in root: JSONValue) -> ItemsFound? {
        if let items = root.arrayValue {
            return ItemsFound(items: items, path: "(root)", location: JSONPath([]))
        }
        guard let members = root.objectValue else { return nil }

        for key in conventionalKeys {
            guard let value = members[key] else { continue }
            if let items = value.arrayValue {
                return found(items, [.key(key)])
            }
            if key == "data", let inner = value.objectValue {
                // Reddit: data.children; older Google APIs: data.items.
                for innerKey in conventionalKeys where innerKey != "data" {
                    if let items = inner[innerKey]?.arrayValue {
                        return found(items, [.key(key), .key(innerKey)])
                    }
                }
            }
            if key == "hits", let items = value.objectValue?["hits"]?.arrayValue {
                return found(items, [.key("hits"), .key("hits")])   // Elasticsearch
            }
        }

        if let embedded = members["_embedded"]?.objectValue {
            for (key, value) in embedded {
                if let items = value.arrayValue {
                    return found(items, [.key("_embedded"), .key(key)])   // HAL, Spring Data REST
                }
            }
        }

        var onlyArray: (key: String, items: [JSONValue])?
        for (key, value) in members {
            guard let items = value.arrayValue else { continue }
            if onlyArray != nil { return nil }
            onlyArray = (key, items)
        }
        if let onlyArray {
            return found(onlyArray.items, [.key(onlyArray.key)])
        }
        return nil
    }

    private static func found(_ items: [JSONValue], _ components: [JSONPath.Component]) -> ItemsFound {
        let location = JSONPath(components)
        return ItemsFound(items: items, path: location.description, location: location)
    }
}
