extension JSONValue {
    /// "a string", "an object", … for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A short one-line rendering of the value for error messages.
    var preview: String {
        let text: String
        switch self {
        case .null: text = "null"
        case .bool(let b): text = b ? "true" : "false"
        case .number(let n): text = JSONValue.format(n)
        case .string(let s): text = "\"\(s)\""
        case .array(let a): text = "[\(a.map(\.preview).joined(separator: ", "))]"
        case .object(let o):
            text = "{" + o.keys.sorted().map { "\"\($0)\": \(o[$0]!.preview)" }.joined(separator: ", ") + "}"
        }
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
