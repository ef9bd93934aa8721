extension Block {
    /// The block with `id` in this subtree (itself included), or `nil`.
    /// Searches the last children first: streaming changes happen at the end
    /// of the document, so the blocks patches name are found early.
    ///
    /// - Complexity: O(blocks searched); O(depth) for a block on the last path.
    public func descendant(withID id: BlockID) -> Block? {
        var found: Block?
        _ = visitPath(to: id) { if $0.id == id { found = $0 } }
        return found
    }

    /// The ids from this block down to the block with `id` (both included),
    /// or `nil` if it is not in this subtree.
    ///
    /// - Complexity: as ``descendant(withID:)``.
    public func path(to id: BlockID) -> [BlockID]? {
        var path: [BlockID] = []
        return visitPath(to: id) { path.append($0.id) } ? path.reversed() : nil
    }

    /// The block that has the block with `id` among its children, or `nil`
    /// if `id` is this block or not in this subtree.
    ///
    /// - Complexity: as ``descendant(withID:)``.
    func parent(of id: BlockID) -> Block? {
        var (visited, parent) = (0, Block?.none)
        _ = visitPath(to: id) {
            visited += 1
            if visited == 2 { parent = $0 }
        }
        return parent
    }

    /// Calls `visit` on the block with `id` and then on each of its
    /// ancestors up to this block; `false` if it is not in this subtree.
    private func visitPath(to id: BlockID, _ visit: (Block) -> Void) -> Bool {
        if self.id == id {
            visit(self)
            return true
        }
        for child in children.reversed() where child.visitPath(to: id, visit) {
            visit(self)
            return true
        }
        return false
    }

    /// The block reached by following last children from this one (itself
    /// if it has none): where text arriving after an insert goes
    /// (docs/patches.md, the continuation target).
    ///
    /// - Complexity: O(depth).
    var lastLeaf: Block {
        var block = self
        while let last = block.children.last { block = last }
        return block
    }
}
