extension Block {
    /// Whether a completed paragraph or heading may display as this block:
    /// a paragraph, heading or table (no containers, code or HTML).
    var isDisplayLeaf: Bool {
        switch kind {
        case .paragraph, .heading, .table: true
        default: false
        }
    }

    /// This subtree with every range (and table cell range) set to `0..<0`:
    /// for comparing what is shown, not where it came from.
    var withoutRanges: Block {
        var copy = self
        copy.range = 0..<0
        switch kind {
        case .table(var attributes):
            attributes.header = attributes.header.map { TableCell(inlines: $0.inlines, range: 0..<0) }
            copy.kind = .table(attributes)
        case .tableRow(let cells):
            copy.kind = .tableRow(cells: cells.map { TableCell(inlines: $0.inlines, range: 0..<0) })
        default:
            break
        }
        copy.children = children.map(\.withoutRanges)
        return copy
    }

    /// Clamps this subtree's ranges to `0..<end` (completion may add bytes).
    mutating func clamp(to end: Int) {
        range = min(range.lowerBound, end)..<min(range.upperBound, end)
        for index in children.indices { children[index].clamp(to: end) }
    }
}
