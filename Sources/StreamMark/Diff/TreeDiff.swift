/// Keyed diffing of block trees: the patches that turn one tree into another.
///
/// Blocks are matched by identity, never by position or content. A block
/// present in both trees under the same parent keeps its identity; it gets an
/// `update` only when its value (kind or range) changed, and a `move` only
/// when it must change place. Moves are minimal: the blocks on a longest
/// increasing subsequence of old positions stay put and only the others
/// move, so reordering one item among 1,000 costs one move.
///
/// Emission order: all removals first, then, parent by parent from the top,
/// inserts and moves (each index valid at the moment it is applied), then
/// updates of that parent's surviving children.
public enum TreeDiff {
    /// The patches that turn `old` into `new`. Both roots must have the same id.
    ///
    /// - Complexity: O(n) in the size of both trees, plus O(m·k) for m moves
    ///   among k siblings.
    public static func patches(from old: Block, to new: Block) -> [Patch] {
        var patches: [Patch] = []
        appendPatches(from: old, to: new, into: &patches)
        return patches
    }

    /// Appends the patches that turn `old` into `new` (same id) to `patches`.
    public static func appendPatches(from old: Block, to new: Block, into patches: inout [Patch]) {
        precondition(old.id == new.id, "TreeDiff roots must share an identity")
        // Fast path (streaming): every old block is still in its place and
        // new blocks only follow them; no dictionaries needed.
        let mark = patches.count
        if appendGrowthPatches(from: old, to: new, into: &patches) { return }
        patches.removeSubrange(mark...)
        var newParents: [BlockID: BlockID] = [:]
        recordParents(of: new, into: &newParents)
        // 1. Removals: every old block whose parent is different (or absent) in
        //    the new tree goes first, so an id is never in the tree twice.
        appendRemovals(in: old, newParents: newParents, into: &patches)
        // 2. Inserts, moves and updates, top down.
        if old.value != new.value { patches.append(.update(id: new.id, value: new.value)) }
        appendChildPatches(old: old, new: new, newParents: newParents, into: &patches)
    }

    /// Emits updates and trailing inserts when each old child list is a
    /// prefix (by id) of the new one at every level; returns `false` (with
    /// some patches possibly emitted, which the caller discards) otherwise.
    private static func appendGrowthPatches(from old: Block, to new: Block, into patches: inout [Patch]) -> Bool {
        if old.kind != new.kind || old.range != new.range {
            patches.append(.update(id: new.id, value: new.value))
        }
        let oldChildren = old.children
        let newChildren = new.children
        guard oldChildren.count <= newChildren.count else { return false }
        for i in 0..<oldChildren.count where oldChildren[i].id != newChildren[i].id { return false }
        for i in 0..<oldChildren.count {
            guard appendGrowthPatches(from: oldChildren[i], to: newChildren[i], into: &patches) else { return false }
        }
        for i in oldChildren.count..<newChildren.count {
            patches.append(.insert(parent: new.id, index: i, block: newChildren[i]))
        }
        return true
    }

    private static func recordParents(of block: Block, into parents: inout [BlockID: BlockID]) {
        for child in block.children {
            parents[child.id] = block.id
            recordParents(of: child, into: &parents)
        }
    }

    private static func appendRemovals(
        in block: Block, newParents: [BlockID: BlockID], into patches: inout [Patch]
    ) {
        for child in block.children {
            if newParents[child.id] != block.id {
                patches.append(.remove(id: child.id))
            } else {
                appendRemovals(in: child, newParents: newParents, into: &patches)
            }
        }
    }

    private static func appendChildPatches(
        old: Block, new: Block, newParents: [BlockID: BlockID], into patches: inout [Patch]
    ) {
        // The old children that survive under this parent, in old order.
        let kept = old.children.filter { newParents[$0.id] == old.id }
        var oldByID: [BlockID: Block] = [:]
        oldByID.reserveCapacity(kept.count)
        for child in kept { oldByID[child.id] = child }

        if isInOrder(kept: kept, new: new.children) {
            // Fast path (streaming): survivors keep their order; only inserts.
            for (index, child) in new.children.enumerated() where oldByID[child.id] == nil {
                patches.append(.insert(parent: new.id, index: index, block: child))
            }
        } else {
            appendReorder(kept: kept, new: new, oldByID: oldByID, into: &patches)
        }
        for child in new.children {
            guard let previous = oldByID[child.id] else { continue }
            if previous.value != child.value { patches.append(.update(id: child.id, value: child.value)) }
            if !(previous.children.isEmpty && child.children.isEmpty) {
                appendChildPatches(old: previous, new: child, newParents: newParents, into: &patches)
            }
        }
    }

    /// Whether the surviving old children appear in `new` in the same order.
    private static func isInOrder(kept: [Block], new: [Block]) -> Bool {
        var k = 0
        for child in new where k < kept.count && child.id == kept[k].id { k += 1 }
        if k == kept.count { return true }
        // Slow check: survivors may be interleaved with inserted blocks.
        k = 0
        for child in new {
            if k < kept.count && child.id == kept[k].id { k += 1 }
        }
        return k == kept.count
    }

    private static func appendReorder(
        kept: [Block], new: Block, oldByID: [BlockID: Block], into patches: inout [Patch]
    ) {
        var newIndex: [BlockID: Int] = [:]
        for (index, child) in new.children.enumerated() { newIndex[child.id] = index }
        // Survivors' target positions in old order; those on a longest
        // increasing subsequence stay, the others move.
        let targets = kept.map { newIndex[$0.id]! }
        let stable = Set(longestIncreasingSubsequence(targets).map { kept[$0].id })
        // Simulate the sibling list, placing each new child right before its
        // successor, from the last to the first.
        var siblings = kept.map(\.id)
        let children = new.children
        for i in stride(from: children.count - 1, through: 0, by: -1) {
            let child = children[i]
            if oldByID[child.id] != nil && stable.contains(child.id) { continue }
            if oldByID[child.id] != nil, let current = siblings.firstIndex(of: child.id) {
                siblings.remove(at: current)
                let index = i + 1 < children.count ? siblings.firstIndex(of: children[i + 1].id)! : siblings.count
                siblings.insert(child.id, at: index)
                patches.append(.move(id: child.id, parent: new.id, index: index))
            } else {
                let index = i + 1 < children.count ? siblings.firstIndex(of: children[i + 1].id)! : siblings.count
                siblings.insert(child.id, at: index)
                patches.append(.insert(parent: new.id, index: index, block: child))
            }
        }
    }

    /// Indices (into `values`) of one longest strictly increasing subsequence.
    ///
    /// - Complexity: O(n log n).
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // indices into values
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var result: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 {
            result.append(k)
            k = previous[k]
        }
        return result.reversed()
    }
}
