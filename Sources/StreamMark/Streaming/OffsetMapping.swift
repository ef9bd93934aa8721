/// Maps offsets of a parse buffer (synthetic context + pieces of the
/// document) to offsets of the document.
struct OffsetMapping {
    /// (buffer offset, document offset) where each piece starts, in order.
    var pieces: [(buffer: Int, document: Int)]

    /// The document offset of the byte at buffer offset `offset` (a start).
    func start(_ offset: Int) -> Int {
        var piece = pieces[0]
        for candidate in pieces where candidate.buffer <= offset { piece = candidate }
        return piece.document + (offset - piece.buffer)
    }

    /// The document range of a buffer range. An end that falls on the
    /// boundary of two pieces maps into the later piece: a block that spans
    /// a stub line and the window covers the frozen lines between them.
    func range(_ range: Range<Int>) -> Range<Int> {
        let lower = start(range.lowerBound)
        return lower..<max(lower, start(range.upperBound))
    }
}

extension Block {
    /// Rewrites this subtree's ranges and offset-derived ids through `mapping`
    /// (iterative: any depth on any stack).
    mutating func remap(_ mapping: OffsetMapping) {
        remap(start: mapping.start)
    }

    /// Rewrites this subtree's ranges, table cell ranges and offset-derived
    /// ids (`e<N>`, `e<N>.list`) through `start`, which maps the offset of a
    /// block's first byte. An end maps like a start, never before its
    /// block's start.
    ///
    /// - Complexity: O(subtree), iterative.
    mutating func remap(start: (Int) -> Int) {
        func range(_ range: Range<Int>) -> Range<Int> {
            let lower = start(range.lowerBound)
            return lower..<max(lower, start(range.upperBound))
        }
        updateEach { block in
            block.id = block.id.remapped(start)
            block.range = range(block.range)
            switch block.kind {
            case .table(var attributes):
                attributes.header = attributes.header.map { TableCell(inlines: $0.inlines, range: range($0.range)) }
                block.kind = .table(attributes)
            case .tableRow(let cells):
                block.kind = .tableRow(cells: cells.map { TableCell(inlines: $0.inlines, range: range($0.range)) })
            default:
                break
            }
        }
    }
}

extension BlockID {
    /// An id derived from an offset (`e<N>`, `e<N>.list`), re-derived from
    /// `start(N)`; other ids unchanged.
    func remapped(_ start: (Int) -> Int) -> BlockID {
        guard rawValue.hasPrefix("e") else { return self }
        let digits = rawValue.dropFirst().prefix(while: \.isNumber)
        guard let offset = Int(digits) else { return self }
        return BlockID("e\(start(offset))" + rawValue.dropFirst(1 + digits.count))
    }
}
