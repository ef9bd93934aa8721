/// One change to the block tree.
///
/// The engine emits patches after each chunk; applying them in order to the
/// previous tree yields the new tree (``Patch/apply(_:to:)``). Indices are
/// positions among the parent's children *at the moment the patch is
/// applied*. See `docs/patches.md` for the protocol and its JSON form.
public enum Patch: Hashable, Sendable {
    /// A new block (with its whole subtree) at `index` among `parent`'s children.
    case insert(parent: BlockID, index: Int, block: Block)
    /// The block keeps its identity and children; its value (kind, range) changed.
    case update(id: BlockID, value: BlockValue)
    /// The block and its subtree are gone.
    case remove(id: BlockID)
    /// The block (with its subtree) moves to `index` among `parent`'s children,
    /// counted after it has been taken out of its old place.
    case move(id: BlockID, parent: BlockID, index: Int)
    /// The block (and its subtree) is final: it will never be updated again,
    /// except by a link reference definition that arrives later. A client may
    /// cache it forever.
    case close(id: BlockID)

    /// The identity the patch is about.
    public var id: BlockID {
        switch self {
        case .insert(_, _, let block): block.id
        case .update(let id, _), .remove(let id), .move(let id, _, _), .close(let id): id
        }
    }
}
