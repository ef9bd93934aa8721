extension Block {
    /// Calls `body` with every footnote reference of this block's own
    /// inline content (not its children's), in document order: a
    /// paragraph's or heading's inlines, a table's header cells, a row's
    /// cells, including references inside links, emphasis and images.
    ///
    /// - Complexity: O(size of the block's inlines).
    func forEachReference(_ body: (FootnoteReference) -> Void) {
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                if case .footnoteReference(let reference) = inline {
                    body(reference)
                } else if let children = inline.containerChildren {
                    visit(children)
                }
            }
        }
        switch kind {
        case .paragraph(let inlines), .heading(_, let inlines): visit(inlines)
        case .table(let attributes): for cell in attributes.header { visit(cell.inlines) }
        case .tableRow(let cells): for cell in cells { visit(cell.inlines) }
        default: break
        }
    }

    /// Whether this block's own inline content holds a footnote reference.
    var holdsFootnoteReference: Bool {
        var found = false
        forEachReference { _ in found = true }
        return found
    }

    /// Replaces every footnote reference of this block's own inline content
    /// by `transform` of it, in document order (see
    /// ``forEachReference(_:)``); a block without references is untouched.
    ///
    /// - Complexity: O(size of the block's inlines).
    mutating func mapReferences(_ transform: (FootnoteReference) -> FootnoteReference) {
        guard holdsFootnoteReference else { return }
        func mapped(_ inlines: [Inline]) -> [Inline] {
            inlines.map { inline in
                if case .footnoteReference(let reference) = inline { return .footnoteReference(transform(reference)) }
                guard let children = inline.containerChildren else { return inline }
                return inline.replacingChildren(with: mapped(children))
            }
        }
        switch kind {
        case .paragraph(let inlines): kind = .paragraph(inlines: mapped(inlines))
        case .heading(let level, let inlines): kind = .heading(level: level, inlines: mapped(inlines))
        case .table(var attributes):
            attributes.header = attributes.header.map { TableCell(inlines: mapped($0.inlines), range: $0.range) }
            kind = .table(attributes)
        case .tableRow(let cells):
            kind = .tableRow(cells: cells.map { TableCell(inlines: mapped($0.inlines), range: $0.range) })
        default: break
        }
    }
}
