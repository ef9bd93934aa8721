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
        guard let path = indexPath(to: parent) else { throw PatchError(description: "no block \(parent)") }
        return insertChild(block, at: index, inDescendantAt: path) != nil
    }

    mutating func remove(_ id: BlockID) -> Block? {
        guard let path = indexPath(to: id), !path.isEmpty else { return nil }
        return removeDescendant(at: path)
    }

    /// Inserts `child` among the children of the descendant at `path` at
    /// `index` (`nil`: after the last); returns where it went, or `nil`,
    /// changing nothing, if `index` is out of range.
    ///
    /// - Complexity: O(path length + children).
    mutating func insertChild(_ child: Block, at index: Int?, inDescendantAt path: [Int]) -> Int? {
        var placed: Int?
        modifyDescendant(at: path) { (target: inout Block) in
            let at = index ?? target.children.count
            guard at >= 0 && at <= target.children.count else { return }
            target.insertChild(child, at: at)
            placed = at
        }
        return placed
    }

    /// Takes the descendant at `path` (not empty) out of its parent.
    ///
    /// - Complexity: O(path length + siblings).
    mutating func removeDescendant(at path: [Int]) -> Block {
        var removed = Block.hole
        modifyDescendant(at: Array(path.dropLast())) { (parent: inout Block) in
            removed = parent.removeChild(at: path[path.count - 1])
        }
        return removed
    }
}
