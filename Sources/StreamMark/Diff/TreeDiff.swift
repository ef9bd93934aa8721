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
    ///
    /// Order: a block's update, then its old children's patches one subtree
    /// after the other, then the inserts of its new trailing children.
    /// Recursive for the first ``recursionLimit`` levels (borrowing blocks
    /// costs less than copying them onto a stack: the streaming hot path),
    /// then an explicit stack of the child lists being compared, so any
    /// depth is diffed on any thread's stack.
    private static func appendGrowthPatches(
        from old: Block, to new: Block, into patches: inout [Patch], depth: Int = 0
    ) -> Bool {
        guard depth < recursionLimit else { return appendDeepGrowthPatches(from: old, to: new, into: &patches) }
        if old.kind != new.kind || old.range != new.range {
            patches.append(.update(id: new.id, value: new.value))
        }
        // Children in one shared box are the same: nothing below changed.
        if old.sharesChildren(with: new) { return true }
        let oldChildren = old.children
        let newChildren = new.children
        guard oldChildren.count <= newChildren.count else { return false }
        for i in 0..<oldChildren.count where oldChildren[i].id != newChildren[i].id { return false }
        for i in 0..<oldChildren.count {
            guard appendGrowthPatches(from: oldChildren[i], to: newChildren[i], into: &patches, depth: depth + 1)
            else { return false }
        }
        for i in oldChildren.count..<newChildren.count {
            patches.append(.insert(parent: new.id, index: i, block: newChildren[i]))
        }
        return true
    }

    /// How many levels the diff's walks recurse before they continue with
    /// an explicit stack.
    static let recursionLimit = 32

    /// ``appendGrowthPatches(from:to:into:depth:)`` with an explicit stack.
    private static func appendDeepGrowthPatches(from old: Block, to new: Block, into patches: inout [Patch]) -> Bool {
        var stack: [GrowthFrame] = []
        var pair = (old: old, new: new)
        while true {
            // Enter the pair: its update, then its children.
            if pair.old.kind != pair.new.kind || pair.old.range != pair.new.range {
                patches.append(.update(id: pair.new.id, value: pair.new.value))
            }
            // Children in one shared box are the same: nothing below changed.
            if !pair.old.sharesChildren(with: pair.new) {
                let oldChildren = pair.old.children
                let newChildren = pair.new.children
                guard oldChildren.count <= newChildren.count else { return false }
                for i in 0..<oldChildren.count where oldChildren[i].id != newChildren[i].id { return false }
                stack.append(GrowthFrame(parent: pair.new.id, old: oldChildren, new: newChildren))
            }
            // The next pair to enter; finish the child lists that are done.
            while true {
                guard let top = stack.indices.last else { return true }
                let index = stack[top].index
                if index < stack[top].old.count {
                    stack[top].index += 1
                    pair = (stack[top].old[index], stack[top].new[index])
                    break
                }
                let frame = stack.removeLast()
                for i in frame.old.count..<frame.new.count {
                    patches.append(.insert(parent: frame.parent, index: i, block: frame.new[i]))
                }
            }
        }
    }

    /// Two child lists being compared by ``appendDeepGrowthPatches(from:to:into:)``.
    private struct GrowthFrame {
        var parent: BlockID
        var old: [Block]
        var new: [Block]
        var index = 0
    }

    private static func recordParents(of block: Block, into parents: inout [BlockID: BlockID]) {
        var pending = [block]
        while let parent = pending.popLast() {
            for child in parent.children {
                parents[child.id] = parent.id
                if !child.children.isEmpty { pending.append(child) }
            }
        }
    }

    /// A `remove` for every block of `block`'s subtree whose parent differs
    /// in the new tree, in document order, not looking inside removed blocks.
    private static func appendRemovals(
        in block: Block, newParents: [BlockID: BlockID], into patches: inout [Patch]
    ) {
        var stack: [(parent: BlockID, children: [Block], index: Int)] = [(block.id, block.children, 0)]
        while let top = stack.indices.last {
            let index = stack[top].index
            guard index < stack[top].children.count else {
                stack.removeLast()
                continue
            }
            stack[top].index += 1
            let child = stack[top].children[index]
            if newParents[child.id] != stack[top].parent {
                patches.append(.remove(id: child.id))
            } else if !child.children.isEmpty {
                stack.append((child.id, child.children, 0))
            }
        }
    }

    /// Inserts, moves and updates below `old`/`new` (same id), parent by
    /// parent from the top: a parent's inserts and moves, then for each of
    /// its surviving children in new order, its update and its own
    /// subtree's patches. An explicit stack replaces recursion.
    private static func appendChildPatches(
        old: Block, new: Block, newParents: [BlockID: BlockID], into patches: inout [Patch]
    ) {
        var stack = [appendOwnChildPatches(old: old, new: new, newParents: newParents, into: &patches)]
        while let top = stack.indices.last {
            let index = stack[top].index
            guard index < stack[top].children.count else {
                stack.removeLast()
                continue
            }
            stack[top].index += 1
            let child = stack[top].children[index]
            guard let previous = stack[top].oldByID[child.id] else { continue }
            if previous.value != child.value { patches.append(.update(id: child.id, value: child.value)) }
            if !(previous.children.isEmpty && child.children.isEmpty) {
                stack.append(appendOwnChildPatches(old: previous, new: child, newParents: newParents, into: &patches))
            }
        }
    }

    /// A parent's surviving children (``appendChildPatches(old:new:newParents:into:)``)
    /// still to visit.
    private struct ChildFrame {
        var children: [Block]
        var oldByID: [BlockID: Block]
        var index = 0
    }

    /// Emits the inserts and moves among `new`'s children and returns the
    /// frame that visits them.
    private static func appendOwnChildPatches(
        old: Block, new: Block, newParents: [BlockID: BlockID], into patches: inout [Patch]
    ) -> ChildFrame {
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
        return ChildFrame(children: new.children, oldByID: oldByID)
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
