import Foundation
import StreamMark

/// Corpus paths and chunking for the observation tests.
enum Support {
    /// What a block view reads, per id: the value and the children's ids.
    struct Viewed: Equatable {
        var value: BlockValue
        var childIDs: [BlockID]
    }

    /// Every block of a tree (the document excluded) by id, as a view sees it.
    static func viewed(_ root: Block) -> [BlockID: Viewed] {
        var result: [BlockID: Viewed] = [:]
        root.forEach { block in
            guard block.id != .document else { return }
            result[block.id] = Viewed(value: block.value, childIDs: block.children.map(\.id))
        }
        return result
    }

    /// The ids removed by a batch of patches (with their subtrees, found in
    /// the tree before the batch).
    static func removedIDs(_ patches: [Patch], before: Block) -> Set<BlockID> {
        var removed = Set<BlockID>()
        var subtrees: [BlockID: Block] = [:]
        before.forEach { subtrees[$0.id] = $0 }
        for patch in patches {
            guard case .remove(let id) = patch else { continue }
            subtrees[id]?.forEach { removed.insert($0.id) }
            removed.insert(id)
        }
        return removed
    }
}
