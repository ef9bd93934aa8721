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
        // Down the last path: each level's own view (iterative, so any depth
        // on any stack), then each narrowed view put into its parent's.
        var levels: [(view: Block, narrowed: Bool)] = []
        var current = block
        while true {
            let (view, narrowed, descends) = ownTailView(of: current, rows: rows)
            levels.append((view, narrowed))
            guard descends, let last = current.children.last else { break }
            current = last
        }
        var (view, narrowed) = levels.removeLast()
        while var parent = levels.popLast() {
            if narrowed {
                parent.view.children[parent.view.children.count - 1] = view
                parent.narrowed = true
            }
            (view, narrowed) = parent
        }
        return (view, narrowed)
    }

    /// One level of ``tailView(of:rows:)``: the block with its children cut
    /// to the last `rows`, and whether the view goes on down its last child.
    private static func ownTailView(of block: Block, rows: Int) -> (view: Block, narrowed: Bool, descends: Bool) {
        guard !block.children.isEmpty else { return (block, false, false) }
        var view = block
        let dropped = max(0, block.children.count - rows)
        switch block.kind {
        case .list(var attributes):
            guard dropped > 0 else { return (block, false, true) }
            if attributes.kind == .ordered { attributes.start &+= dropped }
            view.kind = .list(attributes)
        case .blockQuote:
            guard dropped > 0 else { return (block, false, true) }
        case .item, .alert:
            // An alert keeps its children: its title is drawn above them.
            return (block, false, true)
        default:
            return (block, false, false)
        }
        view.children = Array(block.children[dropped...])
        return (view, true, true)
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
