/// The GitHub-flavoured extensions, applied as a layer over the blocks cmark
/// produced (tables, task lists, strikethrough, autolinks).
///
/// `apply` receives the top-level blocks of one parse (document offsets
/// already resolved) and rewrites them in place. `text` is the whole
/// document text, indexed by document offsets. `cells` parses the inline
/// content of table cells with the document's link reference definitions in
/// scope.
enum ExtensionLayer {
    static func apply(
        to blocks: inout [Block], text: UnsafeBufferPointer<UInt8>, options: ParseOptions,
        cells: CellInlineParser
    ) {
        // Filled in by the extension layer (tables, task lists,
        // strikethrough, autolinks).
    }
}

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
    func parse(_ cellTexts: [String]) -> [[Inline]] {
        if cellTexts.isEmpty { return [] }
        // Each cell becomes an ATX heading: heading content is parsed as
        // inlines only, never as blocks. A closing " #" absorbs any trailing
        // '#'s the cell itself ends with.
        var buffer = context
        buffer.append(contentsOf: Array("\n\n***\n\n".utf8))
        let start = buffer.count
        for cell in cellTexts {
            buffer.append(contentsOf: Array("# ".utf8))
            for byte in cell.utf8 where byte != 0x0A && byte != 0x0D { buffer.append(byte) }
            buffer.append(contentsOf: Array(" #\n".utf8))
        }
        let blocks = buffer.withUnsafeBufferPointer { pointer in
            CmarkNodeReader.parse(pointer, smart: smart, contentStart: start, mapOffset: { $0 })
        }
        var result: [[Inline]] = blocks.map { $0.kind.inlines ?? [] }
        while result.count < cellTexts.count { result.append([]) }
        return Array(result.prefix(cellTexts.count))
    }
}
