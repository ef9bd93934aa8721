import StreamMark

extension TerminalRenderer {
    /// Superscript digits 0–9.
    private static let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]

    /// `number` in Unicode superscript digits (`12` → `¹²`).
    static func superscript(_ number: Int) -> String {
        String(String(number).map { $0.wholeNumberValue.map { superscripts[$0] } ?? $0 })
    }

    /// Appends a footnote reference: a resolved one as its number in
    /// superscript digits in the link colour (`[n]` without colour), an
    /// OSC 8 hyperlink to `#fn-LABEL` when hyperlinks are on; an unresolved
    /// one as its source text `[^source]`. The label reaches the terminal
    /// only inside the hyperlink, without control characters.
    func appendFootnoteReference(_ reference: FootnoteReference, to text: inout StyledText, style: TerminalStyle) {
        guard reference.isResolved else { return text.append(reference.sourceText, style: style) }
        var inner = style
        if options.hyperlinks { inner.link = Self.sanitizedURL("#fn-" + reference.label) }
        if options.color {
            inner.foreground = palette.link
            text.append(Self.superscript(reference.number), style: inner)
        } else {
            text.append("[\(reference.number)]", style: inner)
        }
    }

    /// The lines of the footnotes section (``BlockKind/footnotes(notes:)``)
    /// of `document`: a dim rule, then the notes it lists as an ordered
    /// list, `1. ` and the note's blocks indented as a list item's (notes
    /// nested in a note are listed on their own, not drawn inside it). The
    /// list is tight (no blank line between notes) when every note is one
    /// block. Empty for a section that lists no note of `document`, or for
    /// any other block.
    ///
    /// The section lists notes that stay elsewhere in the tree, so it is
    /// drawn from the document, not from a ``RenderCache`` entry (which
    /// ``render(_:context:child:)`` leaves empty); ``render(document:)``
    /// and ``LiveTerminalWriter`` draw it after the answer.
    ///
    /// - Complexity: O(b) in the number of blocks of `document` (one walk
    ///   collecting the notes) plus the size of the listed notes.
    public func footnoteLines(_ section: Block, in document: Block) -> [String] {
        guard case .footnotes(let ids) = section.kind, !ids.isEmpty else { return [] }
        var notes: [BlockID: Block] = [:]
        var stack = [document]
        while let block = stack.popLast() {
            if case .footnoteDefinition = block.kind { notes[block.id] = block }
            stack.append(contentsOf: block.children)
        }
        let listed = ids.compactMap { notes[$0] }
        guard let first = listed.first, case .footnoteDefinition(let definition) = first.kind else { return [] }
        let items = listed.map { note in
            Block(
                id: note.id, kind: .item(task: nil), range: note.range,
                children: note.children.filter {
                    if case .footnoteDefinition = $0.kind { return false }
                    return true
                })
        }
        let tight = items.allSatisfy { $0.children.count <= 1 }
        let list = Block(
            id: .footnotes,
            kind: .list(
                ListAttributes(kind: .ordered, start: max(1, definition.number), delimiter: .period, tight: tight)),
            range: section.range, children: items)
        let cache = makeCache()
        cache.update(to: Block(id: .document, kind: .document, range: 0..<0, children: [list]))
        var rule = TerminalStyle()
        rule.dim = true
        let width = max(1, options.width)
        return [StyledText.encode(String(repeating: "─", count: width), style: rule, options: options)]
            + cache.output(for: cache.root.children[0], context: rootContext)
    }
}
