/// A data path in a tag: `.` (the current item) or dotted names
/// (`step.title`). A numeric segment indexes an array (`steps.0`).
public struct TemplatePath: Hashable, Sendable, CustomStringConvertible {
    /// The names, outermost first; empty for `.`.
    public var segments: [String]

    /// Parses `text`; returns `nil` if it is not a valid path.
    ///
    /// Valid: `.`, or one or more non-empty segments joined by `.`, each made
    /// of ASCII letters, digits, `_`, `-`, `$` or `@`.
    public init?(_ text: Substring) {
        if text == "." {
            segments = []
            return
        }
        var parts: [String] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.utf8.allSatisfy(TemplatePath.isNameByte) else { return nil }
            parts.append(String(part))
        }
        guard !parts.isEmpty else { return nil }
        segments = parts
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"),
            UInt8(ascii: "@"):
            true
        default: false
        }
    }

    /// The path as written (`.` or `a.b`).
    public var description: String { segments.isEmpty ? "." : segments.joined(separator: ".") }

    /// Resolves the path in `value` alone: `.` is `value` itself.
    func resolve(in value: JSONValue) -> JSONValue? {
        descend(value, from: 0)
    }

    /// Resolves the path against a context stack, Mustache style: the first
    /// name is looked up from the innermost context outwards.
    func resolve(in stack: [JSONValue]) -> JSONValue? {
        guard let first = segments.first else { return stack.last }
        for context in stack.reversed() {
            if let found = TemplatePath.member(first, of: context) {
                return descend(found, from: 1)
            }
        }
        return nil
    }

    private func descend(_ value: JSONValue, from index: Int) -> JSONValue? {
        var current = value
        for segment in segments[index...] {
            guard let next = TemplatePath.member(segment, of: current) else { return nil }
            current = next
        }
        return current
    }

    private static func member(_ name: String, of value: JSONValue) -> JSONValue? {
        switch value {
        case .object(let members): return members[name]
        case .array(let elements):
            guard let index = Int(name), elements.indices.contains(index) else { return nil }
            return elements[index]
        default: return nil
        }
    }
}
