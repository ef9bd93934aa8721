extension Block {
    /// This block with the inline content of `other` (a re-parse of the same
    /// source with different link reference definitions in scope), keeping
    /// this block's ids, ranges and structure.
    ///
    /// Iterative (an explicit stack of the blocks being rebuilt), so any
    /// depth is handled on any thread's stack.
    func withInlines(of other: Block) -> Block {
        // Each frame: a block being rebuilt, its counterpart, and the index
        // of the next child to visit.
        var frames = [(block: withOwnInlines(of: other), other: other, next: 0)]
        while true {
            let top = frames.count - 1
            let index = frames[top].next
            let (block, counterpart) = (frames[top].block, frames[top].other)
            if block.children.count == counterpart.children.count, index < block.children.count {
                frames[top].next += 1
                let (child, otherChild) = (block.children[index], counterpart.children[index])
                if child.id == otherChild.id { frames.append((child.withOwnInlines(of: otherChild), otherChild, 0)) }
                continue
            }
            let finished = frames.removeLast().block
            guard let parent = frames.indices.last else { return finished }
            frames[parent].block.children[frames[parent].next - 1] = finished
        }
    }

    /// This block with the inline content of `other`, children unchanged.
    private func withOwnInlines(of other: Block) -> Block {
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
        return result
    }
}
