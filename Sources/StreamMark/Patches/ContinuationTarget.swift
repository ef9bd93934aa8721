/// The target of a version-2 continuation line (a bare JSON string): the
/// block, cell, drop and before of the line before it, if that line was an
/// `append` (its counts), a `splice` (drop 0), an `update` or `retype` of
/// a block with a text tail (code, HTML, paragraph, heading; counts 0), or
/// an `insert` whose *last leaf* (the block reached by following last
/// children from the inserted one) has a text tail. A `close` leaves it as
/// it is. An update, retype or splice of the target leaves its id out
/// (``names(_:)``). Writer, encoder and decoder follow the same rule
/// (docs/patches.md).
struct ContinuationTarget: Sendable {
    /// The block of the previous line, if it was an append or a splice.
    var id: BlockID?
    /// Its cell.
    var cell: Int?
    /// The drop a continuation line repeats.
    var drop = 0
    /// The before a continuation line repeats.
    var before = 0

    /// Whether an append to `id`/`cell` can reuse this target.
    func matches(id: BlockID, cell: Int?) -> Bool { self.id == id && self.cell == cell }

    /// Whether `patch` can be written as a bare continuation line.
    func continues(_ patch: DeltaPatch) -> Bool {
        if case .append(let id, let cell, let drop, let before, _) = patch {
            return matches(id: id, cell: cell) && drop == self.drop && before == self.before
        }
        return false
    }

    /// Whether `patch` is an update, retype or splice of this target (for a
    /// splice, of its cell too), written without the id.
    func names(_ patch: DeltaPatch) -> Bool {
        switch patch {
        case .update(let id, _), .retype(let id, _): self.id != nil && self.id == id
        case .splice(let id, let cell, _, _): self.id != nil && matches(id: id, cell: cell)
        default: false
        }
    }

    /// Moves past `patch`, written as the next line.
    mutating func advance(past patch: DeltaPatch) {
        switch patch {
        case .append(let id, let cell, let drop, let before, _):
            (self.id, self.cell, self.drop, self.before) = (id, cell, drop, before)
            return
        case .splice(let id, let cell, _, _):
            (self.id, self.cell, self.drop) = (id, cell, 0)
        case .insert(_, _, let block):
            let leaf = block.lastLeaf
            (self.id, self.cell) = (leaf.kind.hasTextTail ? leaf.id : nil, nil)
        case .update(let id, let kind) where kind.hasTextTail, .retype(let id, let kind) where kind.hasTextTail:
            (self.id, self.cell, self.drop) = (id, nil, 0)
        case .close, .highlight:
            return
        default:
            (self.id, self.cell) = (nil, nil)
        }
        (drop, before) = (0, 0)
    }
}
