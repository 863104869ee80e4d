import InfinilistCore

/// `delpaths`, as jq's does it: every path at once. The positions and slices of an array name
/// elements of the array as it was (so `del(.[1], .[-6])` on ten elements deletes 1 and 4, an
/// element named twice goes once, and overlapping slices delete their union); a position
/// outside the array deletes nothing; a fractional position truncates, as `.[1.5]` reads.
extension Paths {
    static func delete(_ value: JSONValue, _ paths: [[JSONValue]]) throws -> JSONValue {
        if paths.contains(where: \.isEmpty) { return .null }
        // No path deletes nothing, whatever the value (`1 | del(.a?)`).
        if paths.isEmpty { return value }
        switch value {
        case .null:
            return .null
        case .object(var members):
            var removed: Set<String> = []
            var nested: [String: [[JSONValue]]] = [:]
            for path in paths {
                guard case .string(let key) = path[0] else {
                    throw JQRuntimeError("Cannot delete \(path[0].jqTypeName) field of object")
                }
                if path.count == 1 { removed.insert(key) } else { nested[key, default: []].append(Array(path.dropFirst())) }
            }
            for (key, rests) in nested where !removed.contains(key) {
                if let child = members[key] { members[key] = try delete(child, rests) }
            }
            for key in removed { members.removeValue(forKey: key) }
            return .object(members)
        case .array(var elements):
            // A path into a slice (`del(.[2:4][0])`) changes the slice first, in place.
            for path in paths where path.count > 1 {
                guard case .object(let bounds) = path[0] else { continue }
                let range = try Access.sliceRange(bounds["start"] ?? .null, bounds["end"] ?? .null, count: elements.count)
                guard case .array(let changed) = try delete(.array(Array(elements[range])), [Array(path.dropFirst())]) else { continue }
                elements.replaceSubrange(range, with: changed)
            }
            let count = elements.count
            var removed = Set<Int>()
            var nested: [Int: [[JSONValue]]] = [:]
            for path in paths {
                switch path[0] {
                case .number:
                    guard let position = Access.arrayIndex(path[0], count: count) else { continue }
                    if path.count == 1 { removed.insert(position) } else { nested[position, default: []].append(Array(path.dropFirst())) }
                case .object(let bounds):
                    guard path.count == 1 else { continue }
                    removed.formUnion(try Access.sliceRange(bounds["start"] ?? .null, bounds["end"] ?? .null, count: count))
                case .string(let key):
                    throw JQRuntimeError(path.count == 1 ? "Cannot delete string element of array" : "Cannot index array with string \"\(key)\"")
                default:
                    throw JQRuntimeError("Cannot delete \(path[0].jqTypeName) element of array")
                }
            }
            for (position, rests) in nested where !removed.contains(position) {
                elements[position] = try delete(elements[position], rests)
            }
            return .array(elements.indices.filter { !removed.contains($0) }.map { elements[$0] })
        default:
            throw JQRuntimeError("Cannot delete fields from \(value.jqTypeName)")
        }
    }
}
