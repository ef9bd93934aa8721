extension Block {
    /// This block with the inline content of `other` (a re-parse of the same
    /// source with different link reference definitions in scope), keeping
    /// this block's ids, ranges and structure.
    func withInlines(of other: Block) -> Block {
        var result = self
        switch (kind, other.kind) {
        case (.paragraph, .paragraph(let inlines)):
            result.kind = .paragraph(inlines: inlines)
        case (.heading(let level, _), .heading(_, let inlines)):
            result.kind = .heading(level: level, inlines: inlines)
        case (.tableRow(let cells), .tableRow(let newCells)) where cells.count == newCells.count:
            result.kind = .tableRow(cells: zip(cells, newCells).map { TableCell(inlines: $1.inlines, range: $0.range) })
        case (.table(var attributes), .table(let newAttributes))
        where attributes.header.count == newAttributes.header.count:
            attributes.header = zip(attributes.header, newAttributes.header).map {
                TableCell(inlines: $1.inlines, range: $0.range)
            }
            result.kind = .table(attributes)
        default:
            break
        }
        if children.count == other.children.count {
            for index in children.indices where children[index].id == other.children[index].id {
                result.children[index] = children[index].withInlines(of: other.children[index])
            }
        }
        return result
    }
}
