/// Parses the inline content of table cells with cmark, with the link
/// reference definitions of `context` in scope.
struct CellInlineParser {
    /// Text whose link reference definitions are in scope (it is parsed with
    /// the cells but its own blocks are discarded).
    var context: [UInt8]
    /// Smart punctuation.
    var smart: Bool
    /// Ranges of `context` inside code and HTML blocks, in order: their
    /// lines define nothing, whatever they look like. `nil` if unknown.
    var literals: [Range<Int>]?
    /// The lines of `context` that may define labels, indexed by label
    /// (``ExtensionLayer`` fills it once per parse): when set, each parse
    /// takes along only the definitions its own text may use, instead of
    /// `context`.
    var references: ReferenceContext? = nil
    /// Whether a line of `context` may define a link label that looks like
    /// a footnote reference without blanks (`- [x] [^x]:n`: the task
    /// marker comes off first, ``ReferenceKeys/mayDefineCaretLabels(_:)``);
    /// only then are such labels looked up (``ExtensionLayer`` sets it once
    /// per parse).
    var definesCaretLabels = false
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

    /// Whether a link reference definition in scope defines `label`, as
    /// cmark reads the lines of that definition: a `[label]` shortcut
    /// there would be a link.
    ///
    /// ``ReferenceKeys`` over-approximates the labels a text may define
    /// (`*|.` / `-|-` / `[^a b]:` looks like a definition of `^a b`, but
    /// continues the table's paragraph). An over-approximated answer would
    /// depend on which lines a parse holds: the one-shot parse holds every
    /// row, a streamed table's window only its header and last row. So a
    /// label the scan accepts is checked by a plain cmark parse of the
    /// lines that may define it, followed by the shortcut.
    ///
    /// - Complexity: O(label) when no line may define it; otherwise one
    ///   cmark parse of the lines that may (O(context) without
    ///   ``references``).
    func definesLinkLabel(_ label: [UInt8]) -> Bool {
        let key = label.withUnsafeBufferPointer { ReferenceKeys.key($0, 0..<$0.count) }
        // A line break in the label is whitespace to the match, and would
        // split the probe's paragraph.
        let probe = label.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        if let references {
            guard references.mayDefine(key: key) else { return false }
            let (before, after) = references.lines(usedBy: [[UInt8(ascii: "[")] + probe + [UInt8(ascii: "]")]])
            return !EscapedDefinitions.defined([probe], in: (before + [0x0A, 0x0A] + after)[...]).isEmpty
        }
        let mayDefine = context.withUnsafeBufferPointer {
            ReferenceKeys.definitions(in: $0, 0..<$0.count).contains(key)
        }
        guard mayDefine else { return false }
        let groups = Self.referenceLines(of: context, outside: literals)
        return !EscapedDefinitions.defined([probe], in: Array(groups.joined(separator: [0x0A, 0x0A]))[...]).isEmpty
    }
}
