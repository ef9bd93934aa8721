/// An error applying a patch to a tree that does not match it.
public struct PatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the patch and block.
    public var description: String
}

extension Patch {
    /// Applies `patches` in order to `root`.
    ///
    /// This is what a client does with the patch stream; the engine's tests
    /// replay every patch to check that the client's tree equals the engine's.
    ///
    /// - Complexity: per patch, O(depth × siblings searched); siblings are
    ///   searched from the end, where streamed changes happen.
    public static func apply(_ patches: [Patch], to root: inout Block) throws(PatchError) {
        for patch in patches { try patch.apply(to: &root) }
    }

    /// Applies this patch to `root`.
    public func apply(to root: inout Block) throws(PatchError) {
        switch self {
        case .insert(let parent, let index, let block):
            try Self.withBlock(parent, in: &root) { (target: inout Block) throws(PatchError) in
                guard index >= 0 && index <= target.children.count else {
                    throw PatchError(description: "insert \(block.id): index \(index) out of range in \(parent)")
                }
                target.insertChild(block, at: index)
            }
        case .update(let id, let value):
            try Self.withBlock(id, in: &root) { (target: inout Block) throws(PatchError) in
                target.kind = value.kind
                target.range = value.range
            }
        case .remove(let id):
            guard Self.remove(id, from: &root) != nil else {
                throw PatchError(description: "remove \(id): no such block")
            }
        case .move(let id, let parent, let index):
            guard let block = Self.remove(id, from: &root) else {
                throw PatchError(description: "move \(id): no such block")
            }
            try Self.withBlock(parent, in: &root) { (target: inout Block) throws(PatchError) in
                guard index >= 0 && index <= target.children.count else {
                    throw PatchError(description: "move \(id): index \(index) out of range in \(parent)")
                }
                target.insertChild(block, at: index)
            }
        case .close(let id):
            guard root.descendant(withID: id) != nil else {
                throw PatchError(description: "close \(id): no such block")
            }
        }
    }

    /// Calls `body` on the block with `id` in `block`'s subtree to modify
    /// it in place; throws if there is none.
    ///
    /// - Complexity: O(blocks searched) (last children first) plus `body`.
    ///   Any depth on any thread's stack (``Block/indexPath(to:)``,
    ///   ``Block/modifyDescendant(at:_:)``).
    static func withBlock(
        _ id: BlockID, in block: inout Block, _ body: (inout Block) throws(PatchError) -> Void
    ) throws(PatchError) {
        guard let path = block.indexPath(to: id) else { throw PatchError(description: "no block \(id)") }
        try block.modifyDescendant(at: path, body)
    }

    /// Takes the block with `id` (never `block` itself) out of `block`'s
    /// subtree and returns it, or `nil` if there is none.
    private static func remove(_ id: BlockID, from block: inout Block) -> Block? {
        var removed: Block?
        // The parent is found, then the child taken out of it in place.
        try? withParent(of: id, in: &block) { (parent: inout Block, index: Int) throws(PatchError) in
            removed = parent.removeChild(at: index)
        }
        return removed
    }

    /// Calls `body` with the parent of the block with `id` and its index.
    private static func withParent(
        of id: BlockID, in block: inout Block, _ body: (inout Block, Int) throws(PatchError) -> Void
    ) throws(PatchError) {
        guard let path = block.indexPath(to: id), let last = path.last else { return }
        try block.modifyDescendant(at: Array(path.dropLast())) { (parent: inout Block) throws(PatchError) in
            try body(&parent, last)
        }
    }
}
