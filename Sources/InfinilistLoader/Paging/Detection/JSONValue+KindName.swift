import InfinilistCore

extension JSONValue {
    /// `string`, `number`, ... for messages about unexpected shapes.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
