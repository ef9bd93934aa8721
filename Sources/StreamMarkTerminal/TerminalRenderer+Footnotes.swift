import StreamMark

extension TerminalRenderer {
    /// Superscript digits 0–9.
    private static let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]

    /// `number` in Unicode superscript digits (`12` → `¹²`).
    static func superscript(_ number: Int) -> String {
        superscript(String(number))
    }

    /// The marker of a reference whose label is `number`'s digits.
    private func marker(_ number: Int) -> String { footnoteMarker(String(number)) }

    /// What a reference to `label` shows: the label as written, so that it
    /// reads the same before its note arrives and after (the live display
    /// writes a closed block to the scrollback once, and answers put their
    /// notes last): a label of digits in superscript digits with colour
    /// (`[^12]` → `¹²`), any other label in brackets (`[^smith]` →
    /// `[smith]`, `[12]` without colour).
    func footnoteMarker(_ label: String) -> String {
        let digits =
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.numericType != nil }
        return options.color && digits ? Self.superscript(label) : "[" + label + "]"
    }

    /// `digits` (ASCII digits) in Unicode superscript digits.
    static func superscript(_ digits: String) -> String {
        String(digits.map { $0.wholeNumberValue.map { superscripts[$0] } ?? $0 })
    }

    /// Appends a footnote reference as its marker (``footnoteMarker(_:)``)
    /// in the link colour, the same whether its note has arrived or not;
    /// once resolved, an OSC 8 hyperlink to `#fn-LABEL` when hyperlinks are
    /// on. The label reaches the terminal as text (control characters shown
    /// as U+FFFD, as all text is) and inside the hyperlink without control
    /// characters. (A reference whose note never arrives keeps the marker:
    /// the scrollback cannot be rewritten; the HTML shows it as text.)
    func appendFootnoteReference(_ reference: FootnoteReference, to text: inout StyledText, style: TerminalStyle) {
        var inner = style
        if options.hyperlinks, reference.isResolved { inner.link = Self.sanitizedURL("#fn-" + reference.label) }
        if options.color { inner.foreground = palette.link }
        text.append(footnoteMarker(reference.source), style: inner)
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
            var children = note.children.filter {
                if case .footnoteDefinition = $0.kind { return false }
                return true
            }
            // A note whose references show a marker other than its number
            // starts with that marker, so that the reader can match them.
            if case .footnoteDefinition(let definition) = note.kind,
                footnoteMarker(definition.label) != marker(definition.number),
                case .paragraph(let inlines)? = children.first?.kind
            {
                children[0].kind = .paragraph(inlines: [.text(footnoteMarker(definition.label) + " ")] + inlines)
            }
            return Block(id: note.id, kind: .item(task: nil), range: note.range, children: children)
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
