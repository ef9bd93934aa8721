import StreamMark

extension LiveTerminalWriter {
    /// The open top-level block as the live tail needs it: a list or block
    /// quote keeps only its last `rows` children (each renders at least one
    /// row, so the ones dropped are above the screen), recursively down the
    /// last child, so a long open list or quote costs O(screen) per redraw,
    /// not O(block). An ordered list's `start` moves with the dropped items,
    /// so numbers and marker widths do not change. Tables keep all rows:
    /// their column widths depend on every row. `narrowed` tells whether
    /// anything was dropped (the view must then not be cached under the
    /// block's id).
    ///
    /// - Complexity: O(depth) values built; the children kept are shared.
    static func tailView(of block: Block, rows: Int) -> (view: Block, narrowed: Bool) {
        guard let last = block.children.indices.last else { return (block, false) }
        var view = block
        var narrowed = false
        switch block.kind {
        case .list(var attributes):
            let dropped = max(0, block.children.count - rows)
            if dropped > 0 {
                if attributes.kind == .ordered { attributes.start &+= dropped }
                view.kind = .list(attributes)
                view.children = Array(block.children[dropped...])
                narrowed = true
            }
        case .blockQuote:
            let dropped = max(0, block.children.count - rows)
            if dropped > 0 {
                view.children = Array(block.children[dropped...])
                narrowed = true
            }
        case .item:
            break
        default:
            return (block, false)
        }
        let (lastView, lastNarrowed) = tailView(of: block.children[last], rows: rows)
        guard lastNarrowed else { return (view, narrowed) }
        view.children[view.children.count - 1] = lastView
        return (view, true)
    }

    /// What the live tail shows for the top-level block `block`: the block
    /// itself, or — for the last one, which holds the open block — the
    /// blocks of its provisional display.
    ///
    /// - Complexity: O(depth × siblings on the open block's path).
    func shownBlocks(for block: Block, isLast: Bool) -> [Block] {
        guard isLast, display.differsFromTruth else { return [block] }
        return display.applied(to: Block(id: .document, kind: .document, range: 0..<0, children: [block])).children
    }

    /// Lines of a displayed block, rendered without the cache (the cache
    /// keeps the truth of each id).
    ///
    /// - Complexity: O(size of the block).
    func displayChunk(_ block: Block, hasContentBefore: Bool) -> [String] {
        let scratch = makeTailCache()
        scratch.update(to: Block(id: .document, kind: .document, range: 0..<0, children: [block]))
        let lines = scratch.output(for: scratch.root.children[0], context: renderer.rootContext)
        if lines.isEmpty { return [] }
        return hasContentBefore ? [""] + lines : lines
    }
}
