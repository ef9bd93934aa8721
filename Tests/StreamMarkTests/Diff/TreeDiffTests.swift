import StreamMark
import StreamMarkTestSupport
import Testing

/// `TreeDiff` walks both trees with explicit stacks; its patches must be
/// exactly those of the recursive implementation it replaced (kept here as
/// the reference), in the same order, on seeded random edits of random
/// trees, and must apply to the new tree. Deep trees are diffed on a
/// 512 KiB stack.
@Suite struct TreeDiffTests {
    @Test(arguments: 0..<200)
    func patchesAreTheRecursiveOnes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var next = 0
        var old = BlockValueSemanticsTests.tree(&random, budget: 50, next: &next)
        old = Block(id: .document, kind: .document, range: 0..<1, children: [old])
        let new = Self.edited(old, &random, next: &next)
        let patches = TreeDiff.patches(from: old, to: new)
        #expect(patches == ReferenceTreeDiff.patches(from: old, to: new))
        var applied = old
        try Patch.apply(patches, to: &applied)
        #expect(applied == new)
    }

    /// `old` with random edits: values changed, blocks removed, moved
    /// among their siblings, inserted (also at the end: the growth path).
    static func edited(_ old: Block, _ random: inout SplitMix64, next: inout Int) -> Block {
        var block = old
        if Int.random(in: 0..<4, using: &random) == 0 {
            block.range = block.range.lowerBound..<(block.range.upperBound + 1)
        }
        if Int.random(in: 0..<6, using: &random) == 0, case .paragraph = block.kind {
            block.kind = .paragraph(inlines: [.text("changed")])
        }
        var children = block.children.map { edited($0, &random, next: &next) }
        if !children.isEmpty, Int.random(in: 0..<5, using: &random) == 0 {
            children.remove(at: Int.random(in: 0..<children.count, using: &random))
        }
        if children.count > 1, Int.random(in: 0..<5, using: &random) == 0 {
            let moved = children.remove(at: Int.random(in: 0..<children.count, using: &random))
            children.insert(moved, at: Int.random(in: 0...children.count, using: &random))
        }
        if block.kind.isContainer, Int.random(in: 0..<4, using: &random) == 0 {
            let inserted = BlockValueSemanticsTests.tree(&random, budget: 5, next: &next)
            children.insert(inserted, at: Int.random(in: 0...children.count, using: &random))
        }
        if block.kind.isContainer { block.children = children }
        return block
    }

    /// 100,000 nested quotes: a paragraph added at the bottom (the growth
    /// path: one insert), a level inserted above the leaf and one taken out
    /// at the top (the keyed path over the whole depth), diffed and applied
    /// on a 512 KiB stack.
    @Test func deepTreesDiffOnHalfMiB() {
        let ok = LargeStack.run(stackSize: 512 << 10) { () -> Bool in
            func chain(_ depth: Int, bottom: [Block]) -> Block {
                var block = Block(id: "e0", kind: .blockQuote, range: 0..<1, children: bottom)
                for level in 1...depth {
                    block = Block(id: .source(level), kind: .blockQuote, range: 0..<1, children: [block])
                }
                return Block(id: .document, kind: .document, range: 0..<1, children: [block])
            }
            let leaf = Block(id: "leaf", kind: .paragraph(inlines: [.text("x")]), range: 0..<1)
            let more = Block(id: "more", kind: .paragraph(inlines: [.text("y")]), range: 0..<1)
            let level = Block(id: "level", kind: .blockQuote, range: 0..<1, children: [leaf])
            let old = chain(100_000, bottom: [leaf])
            var shorter = old
            shorter.children[0] = shorter.children[0].children[0]
            let cases = [
                (chain(100_000, bottom: [leaf, more]), 1), (chain(100_000, bottom: [level]), 2), (shorter, 2),
            ]
            for (new, count) in cases {
                let patches = TreeDiff.patches(from: old, to: new)
                var applied = old
                guard patches.count == count, (try? Patch.apply(patches, to: &applied)) != nil, applied == new else {
                    return false
                }
            }
            return true
        }
        #expect(ok)
    }
}

/// The recursive `TreeDiff` (before it walked with explicit stacks), as the
/// reference for its order of patches.
enum ReferenceTreeDiff {
    static func patches(from old: Block, to new: Block) -> [Patch] {
        var patches: [Patch] = []
        appendPatches(from: old, to: new, into: &patches)
        return patches
    }

    /// Appends the patches that turn `old` into `new` (same id) to `patches`.
    static func appendPatches(from old: Block, to new: Block, into patches: inout [Patch]) {
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
        let stable = Set(longestIncreasingSubsequenceReference(targets).map { kept[$0].id })
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
    static func longestIncreasingSubsequenceReference(_ values: [Int]) -> [Int] {
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
