/// Parses the inline content of table cells with cmark, with the link
/// reference definitions of `context` in scope.
struct CellInlineParser {
    /// Text whose link reference definitions are in scope (it is parsed with
    /// the cells but its own blocks are discarded).
    var context: [UInt8]
    /// Smart punctuation.
    var smart: Bool

    /// The inlines of each cell, in order. Each cell's text is the cell
    /// content with `\|` already unescaped.
    ///
    /// - Complexity: one cmark parse of the cells and, when the context
    ///   holds link reference definitions, of the context.
    func parse(_ cellTexts: [String]) -> [[Inline]] {
        if cellTexts.isEmpty { return [] }
        return reparse(paragraph: nil, cells: cellTexts.map { Array($0.utf8) }, remainder: nil).cells
    }
}

extension CellInlineParser {
    /// The result of ``reparse(paragraph:cells:remainder:)``.
    struct Reparsed {
        /// Inlines of the paragraph piece (empty if there was none).
        var paragraph: [Inline] = []
        /// Inlines of each cell.
        var cells: [[Inline]] = []
        /// Blocks of the remainder, with document offsets.
        var remainder: [Block] = []
    }

    // Pieces are mapped to offsets far beyond any document so that blocks
    // can be told apart by where they start.
    private static let paragraphBase = 1 << 52
    private static let cellBase = 2 << 52
    private static let contextBase = 3 << 52

    /// Whether the context can define link references at all.
    private var contextMatters: Bool {
        var previous: UInt8 = 0
        for byte in context {
            if previous == UInt8(ascii: "]"), byte == UInt8(ascii: ":") { return true }
            previous = byte
        }
        return false
    }

    /// Parses, in one cmark run: a paragraph's content as inlines only (no
    /// link reference definitions are taken from it, as cmark-gfm leaves
    /// them in a paragraph split off a table), each cell as inlines, and a
    /// remainder of lines as blocks. The pieces come first and the context
    /// last, so an unclosed block in the context cannot swallow them.
    func reparse(paragraph: [UInt8]?, cells: [[UInt8]], remainder: Remainder?) -> Reparsed {
        var buffer: [UInt8] = []
        var paragraphRange = 0..<0
        if let paragraph {
            // A leading no-break space keeps the first line from being a
            // link reference definition; it is whitespace for delimiters.
            buffer.append(contentsOf: [0xC2, 0xA0])
            var atLineStart = false
            for byte in paragraph {
                if atLineStart, byte != 0x0A {
                    // Continuation lines are indented so that none starts a block.
                    buffer.append(contentsOf: Array("    ".utf8))
                }
                buffer.append(byte)
                atLineStart = byte == 0x0A || byte == 0x0D
                if byte == 0x0D { atLineStart = true }
            }
            buffer.append(contentsOf: Array("\n\n".utf8))
            paragraphRange = 0..<buffer.count
        }
        let cellStart = buffer.count
        for cell in cells {
            buffer.append(contentsOf: Array("# ".utf8))
            for byte in cell where byte != 0x0A && byte != 0x0D { buffer.append(byte) }
            buffer.append(contentsOf: Array(" #\n".utf8))
        }
        let remainderStart = buffer.count + 1
        if let remainder {
            buffer.append(0x0A)
            buffer.append(contentsOf: remainder.bytes)
        }
        let contextStart = buffer.count
        buffer.append(contentsOf: Array("\n\n***\n\n".utf8))
        if contextMatters { buffer.append(contentsOf: context) }

        let blocks = buffer.withUnsafeBufferPointer { pointer in
            CmarkNodeReader.parse(pointer, smart: smart, contentStart: 0) { offset in
                if paragraphRange.contains(offset) { return Self.paragraphBase + offset }
                if offset < remainderStart { return Self.cellBase + offset - cellStart }
                // Blocks of the remainder may end on the blank lines after it.
                if offset < contextStart + 2, let remainder {
                    return remainder.documentOffset(min(offset - remainderStart, remainder.bytes.count))
                }
                return Self.contextBase + offset
            }
        }
        var result = Reparsed()
        for block in blocks {
            let start = block.range.lowerBound
            if start >= Self.contextBase {
                break
            } else if start >= Self.cellBase {
                result.cells.append(block.kind.inlines ?? [])
            } else if start >= Self.paragraphBase {
                var inlines = block.kind.inlines ?? []
                if case .text(let first)? = inlines.first, first.unicodeScalars.first == "\u{A0}" {
                    let rest = String(first.unicodeScalars.dropFirst())
                    if rest.isEmpty { inlines.removeFirst() } else { inlines[0] = .text(rest) }
                }
                result.paragraph = inlines
            } else {
                result.remainder.append(block)
            }
        }
        while result.cells.count < cells.count { result.cells.append([]) }
        if result.cells.count > cells.count { result.cells.removeLast(result.cells.count - cells.count) }
        return result
    }
}
