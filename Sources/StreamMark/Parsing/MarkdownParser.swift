/// One-shot parsing: the whole text at once.
///
/// ```swift
/// let document = MarkdownParser().parse("# Hello\n\nWorld")
/// for block in document.children { print(block.id, block.kind.name) }
/// ```
///
/// The result is the tree the streaming engine must equal at every prefix.
public struct MarkdownParser: Sendable {
    /// How text is parsed.
    public var options: ParseOptions

    /// Creates a parser. The default options are GitHub-flavoured Markdown.
    public init(options: ParseOptions = ParseOptions()) {
        self.options = options
    }

    /// Parses `text` and returns the document block (id `doc`).
    ///
    /// - Complexity: O(n) in the length of the text.
    public func parse(_ text: String) -> Block {
        var bytes = Array(text.utf8)
        // A Swift string is valid UTF-8 but may contain NUL.
        if bytes.contains(0) { bytes = UTF8Normalizer.normalized(bytes) }
        return parseNormalized(bytes)
    }

    /// Parses raw bytes (any bytes are valid input; see ``UTF8Normalizer``).
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func parse(bytes: some Collection<UInt8>) -> Block {
        parseNormalized(UTF8Normalizer.normalized(bytes))
    }

    /// Parses text that is already normalized (valid UTF-8, no NUL).
    func parseNormalized(_ bytes: [UInt8]) -> Block {
        let children = ParsePass(options: options).blocks(of: bytes)
        var document = Block(id: .document, kind: .document, range: 0..<bytes.count, children: children)
        if options.extensions.contains(.footnotes) { FootnoteResolver.resolve(&document, text: bytes) }
        return document
    }
}
