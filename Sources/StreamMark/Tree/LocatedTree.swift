/// A tree that knows where each of its blocks is: every block's parent, and
/// the index it last had among its parent's children.
///
/// A patch names its block by id. Searching the tree for it costs
/// O(blocks searched): cheap for the last blocks, where text arrives, but a
/// late link reference definition updates frozen blocks anywhere, and in a
/// 5,000-item changelog each such update searched 10,000 blocks (the
/// `--format patches` stream of 20,000 definitions after their uses took
/// 40 s, `streammark apply` of it 25 s). Here the block is found by walking
/// up its parents to the root and back down, each step checking the
/// remembered index first and then its neighbours (an insert before a
/// block shifts it by one), so a lookup is O(depth) when nothing moved.
///
/// The patch appliers that keep a tree across batches (``DeltaEncoder``,
/// ``PatchStreamClient``, ``RenderCache``) hold one. A lookup the index
/// cannot answer (a tree a stream made with repeated ids) falls back to the
/// search, so the result is always the block the search would find first
/// when ids are unique; ``fallbackSearches`` counts those.
package struct LocatedTree: Sendable {
    /// The tree.
    package private(set) var root: Block
    /// The parent of every block below the root, by id.
    private var parents: [BlockID: BlockID] = [:]
    /// The index each block had among its parent's children when it was
    /// last found or put there.
    private var hints: [BlockID: Int] = [:]
    /// Lookups that the index could not answer and that searched the tree.
    package private(set) var fallbackSearches = 0
    /// Siblings compared with an id on the way down (one per level when
    /// nothing moved): the work of the lookups, for tests.
    package private(set) var siblingChecks = 0

    /// Indexes `root` (O(size of the tree)).
    package init(_ root: Block = Block(id: .document, kind: .document, range: 0..<0)) {
        self.root = root
        for (index, child) in root.children.enumerated() { register(child, parent: root.id, index: index) }
    }

    /// Replaces the tree, indexing it again (O(size of the new tree)).
    package mutating func replaceRoot(with newRoot: Block) {
        self = LocatedTree(newRoot)
    }

    /// The child indices from the root to the block with `id`, or `nil`
    /// if it is not in the tree.
    ///
    /// - Complexity: O(depth) when the block's index and its ancestors'
    ///   are as remembered (or shifted by a few places); else O(siblings)
    ///   per level, or a search of the tree.
    package mutating func indexPath(to id: BlockID) -> [Int]? {
        if id == root.id { return [] }
        if let path = locatedPath(to: id) { return path }
        guard let path = root.indexPath(to: id) else { return nil }
        fallbackSearches += 1
        return path
    }

    /// The block with `id`, or `nil`.
    package mutating func block(withID id: BlockID) -> Block? {
        indexPath(to: id).map { root.descendant(at: $0) }
    }

    /// The ids of the ancestors of the block with `id`, from the root down
    /// (the block itself not included), or `nil` if it is not in the tree.
    ///
    /// - Complexity: as ``indexPath(to:)``.
    package mutating func ancestorIDs(of id: BlockID) -> [BlockID]? {
        guard let path = indexPath(to: id) else { return nil }
        var ids: [BlockID] = []
        ids.reserveCapacity(path.count)
        var block = root
        for index in path {
            ids.append(block.id)
            block = block.children[index]
        }
        return ids
    }

    /// The path found through ``parents`` and ``hints``, or `nil` if they
    /// do not lead to the block.
    private mutating func locatedPath(to id: BlockID) -> [Int]? {
        var chain = [id]
        var current = id
        while let parent = parents[current], parent != root.id {
            chain.append(parent)
            current = parent
            guard chain.count <= parents.count else { return nil }
        }
        guard parents[current] == root.id else { return nil }
        var path: [Int] = []
        path.reserveCapacity(chain.count)
        var block = root
        for childID in chain.reversed() {
            guard let index = index(of: childID, among: block.children) else { return nil }
            path.append(index)
            block = block.children[index]
        }
        return path
    }

    /// Where `id` is among `siblings`: its remembered index, then outward
    /// from it; remembers what it found.
    private mutating func index(of id: BlockID, among siblings: [Block]) -> Int? {
        guard !siblings.isEmpty else { return nil }
        let hint = min(hints[id] ?? siblings.count - 1, siblings.count - 1)
        for distance in 0..<siblings.count {
            if let index = matching(id, at: hint - distance, in: siblings)
                ?? matching(id, at: hint + distance, in: siblings)
            {
                if index != hint { hints[id] = index }
                return index
            }
        }
        return nil
    }

    /// `index` if it is valid and the sibling there has `id`.
    private mutating func matching(_ id: BlockID, at index: Int, in siblings: [Block]) -> Int? {
        guard siblings.indices.contains(index) else { return nil }
        siblingChecks += 1
        return siblings[index].id == id ? index : nil
    }

    /// Records `block` and its subtree as placed at `index` under `parent`.
    ///
    /// - Complexity: O(size of the subtree), on any thread's stack.
    private mutating func register(_ block: Block, parent: BlockID, index: Int) {
        var pending = [(block, parent, index)]
        while let (block, parent, index) = pending.popLast() {
            parents[block.id] = parent
            hints[block.id] = index
            for (childIndex, child) in block.children.enumerated() {
                pending.append((child, block.id, childIndex))
            }
        }
    }

    /// Forgets `block` and its subtree.
    private mutating func unregister(_ block: Block) {
        block.forEach {
            parents[$0.id] = nil
            hints[$0.id] = nil
        }
    }
}

extension LocatedTree: PatchTarget {
    mutating func withBlock(
        _ id: BlockID, _ body: (inout Block) throws(PatchError) -> Void
    ) throws(PatchError) {
        guard let path = indexPath(to: id) else { throw PatchError(description: "no block \(id)") }
        try root.modifyDescendant(at: path) { (block: inout Block) throws(PatchError) in
            let count = block.children.count
            try body(&block)
            assert(block.children.count == count, "withBlock changed the children; use insert or remove")
        }
    }

    mutating func insert(_ block: Block, in parent: BlockID, at index: Int?) throws(PatchError) -> Bool {
        guard let path = indexPath(to: parent) else { throw PatchError(description: "no block \(parent)") }
        guard let placed = root.insertChild(block, at: index, inDescendantAt: path) else { return false }
        register(block, parent: parent, index: placed)
        return true
    }

    mutating func remove(_ id: BlockID) -> Block? {
        guard let path = indexPath(to: id), !path.isEmpty else { return nil }
        let removed = root.removeDescendant(at: path)
        unregister(removed)
        return removed
    }
}
