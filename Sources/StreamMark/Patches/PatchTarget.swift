/// A tree that patches apply to: it finds a block by id, and inserts and
/// removes blocks. ``Patch/apply(to:)`` and ``DeltaPatch/apply(to:)`` work
/// on any; a plain ``Block`` searches itself for each id, a
/// ``LocatedTree`` keeps an index so that it need not.
protocol PatchTarget {
    /// Calls `body` on the block with `id` to modify it in place (not its
    /// children); throws if there is none.
    mutating func withBlock(_ id: BlockID, _ body: (inout Block) throws(PatchError) -> Void) throws(PatchError)

    /// Inserts `block` among the children of `parent` at `index` (`nil`: after
    /// the last). Throws if there is no `parent`; returns `false`, changing
    /// nothing, if `index` is out of range.
    mutating func insert(_ block: Block, in parent: BlockID, at index: Int?) throws(PatchError) -> Bool

    /// Takes the block with `id` (never the root) out of the tree and returns
    /// it, or `nil` if there is none.
    mutating func remove(_ id: BlockID) -> Block?
}

extension Block: PatchTarget {
    /// - Complexity: O(blocks searched) (last children first) plus `body`,
    ///   on any thread's stack (``indexPath(to:)``, ``modifyDescendant(at:_:)``).
    mutating func withBlock(_ id: BlockID, _ body: (inout Block) throws(PatchError) -> Void) throws(PatchError) {
        guard let path = indexPath(to: id) else { throw PatchError(description: "no block \(id)") }
        try modifyDescendant(at: path, body)
    }

    mutating func insert(_ block: Block, in parent: BlockID, at index: Int?) throws(PatchError) -> Bool {
        var inserted = false
        try withBlock(parent) { (target: inout Block) throws(PatchError) in
            let at = index ?? target.children.count
            guard at >= 0 && at <= target.children.count else { return }
            target.insertChild(block, at: at)
            inserted = true
        }
        return inserted
    }

    mutating func remove(_ id: BlockID) -> Block? {
        guard let path = indexPath(to: id), let last = path.last else { return nil }
        var removed: Block?
        modifyDescendant(at: Array(path.dropLast())) { (parent: inout Block) in
            removed = parent.removeChild(at: last)
        }
        return removed
    }
}
