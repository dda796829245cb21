extension JSONValue.Kind {
    /// The kind as a message says it: `an object`, `a number`.
    public var described: String {
        switch self {
        case .array: return "an array"
        case .object: return "an object"
        case .integer, .unsignedInteger, .double: return "a number"
        case .string: return "a string"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

extension JSONValue {
    /// The first few keys of an object, for error messages, control characters escaped.
    public var keyList: String {
        guard let fields else { return "(\(kind.described))" }
        var names: [String] = []
        for field in fields {
            if names.count == 8 { names.append("…"); break }
            names.append(field.key.escapingControls())
        }
        return names.isEmpty ? "(none)" : names.joined(separator: ", ")
    }
}

extension JSONValue {
    /// An array's first element, or nil for an empty array or another kind.
    public var firstElement: JSONValue? {
        guard var elements = array?.makeIterator() else { return nil }
        return elements.next()
    }
}
