extension JSONValue {
    /// Puts `newValue` at `path` when every step of it exists (an object's key, an array's
    /// position); does nothing otherwise. The containers on the way are taken out of `self`
    /// before they are changed, so a document held only here is changed in place, not copied.
    ///
    /// Why: a page's items leave the document this way (`HTTPSource.decode`), so the items'
    /// array is held once and each item's tree can be freed as soon as its row is built.
    public mutating func replaceValue(at path: JSONPath, with newValue: JSONValue) {
        replaceValue(at: path.components[...], with: newValue)
    }

    private mutating func replaceValue(at steps: ArraySlice<JSONPath.Component>, with newValue: JSONValue) {
        guard let step = steps.first else {
            self = newValue
            return
        }
        switch self {
        case .object(var members):
            guard var member = members[step.key] else { return }
            self = .null
            members[step.key] = .null
            member.replaceValue(at: steps.dropFirst(), with: newValue)
            members[step.key] = member
            self = .object(members)
        case .array(var elements):
            guard let index = step.index, elements.indices.contains(index) else { return }
            self = .null
            var element = elements[index]
            elements[index] = .null
            element.replaceValue(at: steps.dropFirst(), with: newValue)
            elements[index] = element
            self = .array(elements)
        case .null, .bool, .number, .string:
            return
        }
    }
}
