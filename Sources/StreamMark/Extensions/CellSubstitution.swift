/// What one parse of inline text hands cmark instead of the source, and
/// how it turns cmark's inlines back: math replaced by stand-ins
/// (``MathStandIns``), and escaped tildes and escapes in URL-shaped words
/// kept apart (``EscapedTilde``). A table's cells and the paragraph before
/// it share one, so their math is numbered once.
struct CellSubstitution {
    /// Whether escapes get stand-ins.
    var escapes: Bool
    /// Whether the autolink extension is on (escapes in URL-shaped words).
    var urls: Bool
    /// The math replaced so far; `nil` with math off.
    var math: MathStandIns?

    /// `text` as handed to cmark.
    ///
    /// - Complexity: O(text).
    mutating func applied(to text: [UInt8]) -> [UInt8] {
        var text = text
        if math != nil { text = math!.substitute(text) }
        if escapes { text = EscapedTilde.substituted(text, urls: urls) }
        return text
    }

    /// cmark's inlines of a substituted text with math and escapes
    /// restored and the inline extensions of `walker` applied.
    ///
    /// - Complexity: O(size of the inlines).
    func restored(_ inlines: [Inline], walker: ExtensionWalker) -> [Inline] {
        let inlines = math?.restored(inlines) ?? inlines
        guard escapes else { return walker.inlineExtensions(inlines) }
        return EscapedTilde.restored(walker.inlineExtensions(inlines, escapes: true))
    }
}
