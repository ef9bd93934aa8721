/// The GitHub-flavoured extensions, applied as a layer over the blocks cmark
/// produced (tables, task lists, strikethrough, autolinks).
///
/// `apply` receives the top-level blocks of one parse (document offsets
/// already resolved) and rewrites them in place. `text` is the whole
/// document text, indexed by document offsets. `cells` parses the inline
/// content of table cells with the document's link reference definitions in
/// scope.
///
/// The transformation is a pure function of each block's own source lines
/// and value, so the streaming engine can apply it to any window of blocks.
/// See `docs/extensions.md` for the known differences from cmark-gfm.
enum ExtensionLayer {
    static func apply(
        to blocks: inout [Block], text: UnsafeBufferPointer<UInt8>, options: ParseOptions,
        cells: CellInlineParser
    ) {
        let extensions = options.extensions
        if extensions.isEmpty { return }
        let layer = ExtensionWalker(
            text: text, extensions: extensions, cells: cells, lines: SourceLines(text: text))
        blocks = layer.transform(blocks, prefixes: [])
    }
}

/// Walks a block tree and applies the enabled extensions.
struct ExtensionWalker {
    let text: UnsafeBufferPointer<UInt8>
    let extensions: ParseOptions.Extensions
    let cells: CellInlineParser
    let lines: SourceLines

    /// Transforms sibling blocks that share the container prefixes `prefixes`.
    func transform(_ blocks: [Block], prefixes: [LinePrefix]) -> [Block] {
        var result: [Block] = []
        result.reserveCapacity(blocks.count)
        for block in blocks {
            result.append(contentsOf: transform(block, prefixes: prefixes))
        }
        return result
    }

    private func transform(_ block: Block, prefixes: [LinePrefix]) -> [Block] {
        var block = block
        switch block.kind {
        case .blockQuote:
            block.children = transform(block.children, prefixes: prefixes + [.quote])
            return [block]
        case .list:
            block.children = transform(block.children, prefixes: prefixes)
            return [block]
        case .item:
            let inner = prefixes + [lines.itemPrefix(itemStart: block.range.lowerBound, outer: prefixes)]
            var taskContent: Int?
            if extensions.contains(.taskList) {
                taskContent = TaskListMarker(text: text).apply(to: &block)
            }
            if let taskContent, extensions.contains(.table), let first = block.children.first,
                case .paragraph = first.kind,
                let replaced = TableBuilder(walker: self).tables(
                    in: first, setext: nil, prefixes: inner, firstLineStart: taskContent)
            {
                // The paragraph after a task marker starts after the marker.
                block.children = replaced + transform(Array(block.children.dropFirst()), prefixes: inner)
                return [block]
            }
            block.children = transform(block.children, prefixes: inner)
            return [block]
        case .paragraph(let inlines):
            if extensions.contains(.table),
                let replaced = TableBuilder(walker: self).tables(in: block, setext: nil, prefixes: prefixes)
            {
                return replaced
            }
            block.kind = .paragraph(inlines: inlineExtensions(inlines))
            return [block]
        case .heading(let level, let inlines):
            if extensions.contains(.table), let underline = setextUnderline(block),
                let replaced = TableBuilder(walker: self).tables(in: block, setext: underline, prefixes: prefixes)
            {
                return replaced
            }
            block.kind = .heading(level: level, inlines: inlineExtensions(inlines))
            return [block]
        case .table(var attributes):
            attributes.header = attributes.header.map(cellExtensions)
            block.kind = .table(attributes)
            return [block]
        case .tableRow(let row):
            block.kind = .tableRow(cells: row.map(cellExtensions))
            return [block]
        default:
            return [block]
        }
    }

    private func cellExtensions(_ cell: TableCell) -> TableCell {
        var cell = cell
        cell.inlines = inlineExtensions(cell.inlines)
        return cell
    }

    /// The inline extensions (autolinks, strikethrough) over one block's inlines.
    func inlineExtensions(_ inlines: [Inline]) -> [Inline] {
        InlineExtensionPass(
            autolink: extensions.contains(.autolink), strikethrough: extensions.contains(.strikethrough)
        ).apply(inlines)
    }

    /// For a setext heading: the underline character (`=` or `-`); `nil`
    /// for an ATX heading.
    private func setextUnderline(_ block: Block) -> UInt8? {
        let start = block.range.lowerBound
        guard start < text.count, text[start] != UInt8(ascii: "#") else { return nil }
        var end = block.range.upperBound
        while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        guard end > start else { return nil }
        let last = text[end - 1]
        guard last == UInt8(ascii: "=") || last == UInt8(ascii: "-") else { return nil }
        // The underline is on a later line than the first.
        let lineStart = lines.lineStart(of: end - 1)
        return lineStart > start ? last : nil
    }
}
