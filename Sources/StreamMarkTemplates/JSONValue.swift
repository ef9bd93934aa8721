import StreamMark

/// A JSON value: the data a template renders.
///
/// Parsed by ``JSONValue/init(parsing:)`` (the package's strict JSON reader,
/// with positioned errors; no Foundation). Numbers are stored as `Double` and
/// printed without a fraction when they are integral.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. Key order is not significant.
    case object([String: JSONValue])

    /// Parses one JSON value from `text` (surrounding whitespace allowed).
    ///
    /// - Throws: ``TemplateError`` with the line and column of the problem.
    /// - Complexity: O(n) in the length of the text.
    public init(parsing text: String) throws(TemplateError) {
        let bytes = Array(text.utf8)
        do {
            self = JSONValue(try JSONElement.parse(bytes, maximumDepth: Self.maximumDepth, strict: false))
        } catch {
            throw TemplateError(message: "invalid JSON: " + error.message, bytes: bytes, offset: error.offset)
        }
    }

    /// Data nested deeper is an error, so hostile input cannot exhaust the stack.
    static let maximumDepth = 512

    /// The value of a parsed element: every number as a `Double`.
    init(_ element: JSONElement) {
        switch element {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .number(Double(value))
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(members.mapValues(JSONValue.init))
        }
    }

    /// The member `name` of an object, or `nil`.
    public subscript(member name: String) -> JSONValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }

    /// Whether the value counts as true in `{{#if}}`: everything except
    /// `null`, `false`, `0`, `""` and `[]`.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .number(let n): n != 0
        case .string(let s): !s.isEmpty
        case .array(let a): !a.isEmpty
        case .object: true
        }
    }

    /// The text `{{path}}` prints: strings as they are, numbers without a
    /// needless fraction, booleans as `true`/`false`, and nothing for
    /// `null`, arrays and objects.
    public var interpolationText: String {
        switch self {
        case .null, .array, .object: ""
        case .bool(let b): b ? "true" : "false"
        case .number(let n): JSONValue.format(n)
        case .string(let s): s
        }
    }

    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return "\(number)"
    }
}
