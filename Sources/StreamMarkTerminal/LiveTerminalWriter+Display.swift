import StreamMark

extension LiveTerminalWriter {
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
        let scratch = renderer.makeCache()
        scratch.update(to: Block(id: .document, kind: .document, range: 0..<0, children: [block]))
        let lines = scratch.output(for: scratch.root.children[0], context: renderer.rootContext)
        if lines.isEmpty { return [] }
        return hasContentBefore ? [""] + lines : lines
    }
}
