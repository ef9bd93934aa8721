/// Parses the inline content of table cells with cmark, with the link
/// reference definitions of `context` in scope.
struct CellInlineParser {
    /// Text whose link reference definitions are in scope (it is parsed with
    /// the cells but its own blocks are discarded).
    var context: [UInt8]
    /// Smart punctuation.
    var smart: Bool
    /// Ranges of `context` inside code and HTML blocks, in order: their
    /// lines define nothing, whatever they look like.
    var literals: [Range<Int>] = []
    /// The lines of `context` that may define labels, indexed by label
    /// (``ExtensionLayer`` fills it once per parse): when set, each parse
    /// takes along only the definitions its own text may use, instead of
    /// `context`.
    var references: ReferenceContext? = nil
    /// The offset in `context` of a document offset of the blocks being
    /// rewritten (the inverse of the parse's offset mapping), if `context`
    /// is their parse buffer: it places the definitions before a block
    /// parsed again
    /// (``inlines(ofBlockContent:atx:afterTaskMarker:start:lazyLines:)``).
    var contextOffset: ((Int) -> Int)? = nil

    /// The inlines of each cell, in order. Each cell's text is the cell
    /// content with `\|` already unescaped.
    ///
    /// - Complexity: one cmark parse of the cells and, when the context
    ///   holds link reference definitions, of the context.
    func parse(_ cellTexts: [String]) -> [[Inline]] {
        if cellTexts.isEmpty { return [] }
        return reparse(paragraph: nil, cells: cellTexts.map { Array($0.utf8) }, remainder: nil).cells
    }

    /// Whether a link reference definition in scope may define `label`
    /// (over-approximated by ``ReferenceKeys``).
    ///
    /// - Complexity: O(label) with ``references``; O(context) without.
    func mayDefineLinkLabel(_ label: [UInt8]) -> Bool {
        let key = label.withUnsafeBufferPointer { ReferenceKeys.key($0, 0..<$0.count) }
        if let references { return references.mayDefine(key: key) }
        return context.withUnsafeBufferPointer { ReferenceKeys.definitions(in: $0, 0..<$0.count).contains(key) }
    }
}
