import StreamMark

/// The fragment of a list or block quote that is still growing, kept as a
/// stable *prefix* — the container's opening markup and the HTML of its
/// first `frozenCount` children, never rendered again — and a *tail*: the
/// other children and the closing markup. `--fragments` sends it as
/// `{"id":…,"keep":K,"html":TAIL}`: the client keeps the first `K` UTF-8
/// bytes of the block's fragment and appends `TAIL`, so a long open list
/// costs O(open item) per chunk, not O(list) (docs/cli.md).
///
/// The prefix is dropped (and the whole fragment sent again) when a patch
/// touches it: a later link reference definition, a list turning loose.
struct FragmentTail {
    /// The container.
    let id: BlockID
    /// The container's kind when the prefix was built (`tight`, `start`).
    let kind: BlockKind
    /// Children in the prefix.
    var frozenCount = 0
    /// UTF-8 bytes of the prefix.
    var prefixBytes: Int
    /// What the client holds: the tail sent last (`nil`: nothing yet, the
    /// whole fragment must be sent), and the prefix before it (bytes and
    /// children), which the next delta keeps.
    var sentTail: String? = nil
    var sentKeep = 0
    var sentFrozenCount = 0

    init(container: Block, opening: String) {
        id = container.id
        kind = container.kind
        prefixBytes = opening.utf8.count
    }

    /// Whether applying `patch` (to the tree before it applies) can change
    /// the prefix. Searches only the children after the prefix, from the
    /// end: O(tail).
    ///
    /// - Parameter container: the container in the tree before the patch.
    func isInvalidated(by patch: Patch, container: Block) -> Bool {
        switch patch {
        case .update(let id, let value):
            if id == self.id { return value.kind != kind }
            return !tailContains(id, container)
        case .remove(let id), .move(let id, _, _):
            if id == self.id { return true }
            return !tailContains(id, container)
        case .insert(let parent, let index, _):
            if parent == self.id { return index < frozenCount }
            return !tailContains(parent, container)
        case .close:
            return false
        }
    }

    private func tailContains(_ id: BlockID, _ container: Block) -> Bool {
        func contains(_ block: Block) -> Bool {
            block.id == id || block.children.reversed().contains(where: contains)
        }
        let children = container.children
        return children[min(frozenCount, children.count)...].reversed().contains(where: contains)
    }
}
