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
    /// - Complexity: per patch, O(blocks searched) to find its block
    ///   (last children first, where streamed changes happen): a client that
    ///   keeps its tree across batches should index it instead, as
    ///   `streammark apply` and the web client do (docs/patches.md).
    public static func apply(_ patches: [Patch], to root: inout Block) throws(PatchError) {
        for patch in patches { try patch.apply(to: &root) }
    }

    /// Applies this patch to `root`.
    public func apply(to root: inout Block) throws(PatchError) {
        try apply(toTarget: &root)
    }

    /// Applies this patch to `tree`, a tree with an index of its blocks.
    ///
    /// - Complexity: O(depth) to find the block while the index holds
    ///   (``LocatedTree/indexPath(to:)``), plus O(size of an inserted or
    ///   removed subtree).
    package func apply(to tree: inout LocatedTree) throws(PatchError) {
        try apply(toTarget: &tree)
    }

    /// Applies this patch to any tree patches apply to.
    func apply(toTarget tree: inout some PatchTarget) throws(PatchError) {
        switch self {
        case .insert(let parent, let index, let block):
            guard try tree.insert(block, in: parent, at: index) else {
                throw PatchError(description: "insert \(block.id): index \(index) out of range in \(parent)")
            }
        case .update(let id, let value):
            try tree.withBlock(id) { (target: inout Block) throws(PatchError) in
                target.kind = value.kind
                target.range = value.range
            }
        case .remove(let id):
            guard tree.remove(id) != nil else {
                throw PatchError(description: "remove \(id): no such block")
            }
        case .move(let id, let parent, let index):
            guard let block = tree.remove(id) else {
                throw PatchError(description: "move \(id): no such block")
            }
            guard try tree.insert(block, in: parent, at: index) else {
                throw PatchError(description: "move \(id): index \(index) out of range in \(parent)")
            }
        case .close(let id):
            do {
                try tree.withBlock(id) { _ in }
            } catch {
                throw PatchError(description: "close \(id): no such block")
            }
        }
    }
}
