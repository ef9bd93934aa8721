/// One highlighted span of a line: UTF-8 byte offsets within the line
/// (without its line ending) and the span's kind. Text between tokens is
/// plain.
public struct HighlightToken: Hashable, Sendable, Codable {
    /// The span's bytes, as offsets from the start of the line.
    public var range: Range<Int>
    /// What the span is.
    public var kind: HighlightKind

    /// Creates a token.
    public init(range: Range<Int>, kind: HighlightKind) {
        self.range = range
        self.kind = kind
    }
}
