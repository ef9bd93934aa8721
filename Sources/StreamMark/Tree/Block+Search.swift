extension Block {
    /// The block with `id` in this subtree (itself included), or `nil`.
    /// Searches the last children first: streaming changes happen at the end
    /// of the document, so the blocks patches name are found early.
    ///
    /// - Complexity: O(blocks searched); O(depth) for a block on the last path.
    public func descendant(withID id: BlockID) -> Block? {
        guard let path = indexPath(to: id) else { return nil }
        return descendant(at: path)
    }

    /// The ids from this block down to the block with `id` (both included),
    /// or `nil` if it is not in this subtree.
    ///
    /// - Complexity: as ``descendant(withID:)``.
    public func path(to id: BlockID) -> [BlockID]? {
        guard let path = indexPath(to: id) else { return nil }
        var ids = [self.id]
        ids.reserveCapacity(path.count + 1)
        var block = self
        for index in path {
            block = block.children[index]
            ids.append(block.id)
        }
        return ids
    }

    /// The block that has the block with `id` among its children, or `nil`
    /// if `id` is this block or not in this subtree.
    ///
    /// - Complexity: as ``descendant(withID:)``.
    func parent(of id: BlockID) -> Block? {
        guard let path = indexPath(to: id), !path.isEmpty else { return nil }
        return descendant(at: path.dropLast())
    }

    /// The child indices that lead from this block to the block with `id`
    /// (empty for this block itself), or `nil` if it is not in this subtree.
    /// Depth first, last children first; recursive for ``recursionLimit``
    /// levels, then with an explicit stack of the children being searched,
    /// so any depth is searched on any thread's stack.
    ///
    /// - Complexity: O(blocks searched); O(depth) for a block on the last path.
    func indexPath(to id: BlockID) -> [Int]? {
        var path: [Int] = []
        return appendIndexPath(to: id, depth: 0, into: &path) ? path : nil
    }

    /// Appends the path to `id` to `path` if `id` is in this subtree (else
    /// leaves `path` as it was).
    private func appendIndexPath(to id: BlockID, depth: Int, into path: inout [Int]) -> Bool {
        if self.id == id { return true }
        guard depth < Self.recursionLimit else {
            guard let rest = deepIndexPath(to: id) else { return false }
            path.append(contentsOf: rest)
            return true
        }
        let children = children
        var index = children.count - 1
        while index >= 0 {
            path.append(index)
            if children[index].appendIndexPath(to: id, depth: depth + 1, into: &path) { return true }
            path.removeLast()
            index -= 1
        }
        return false
    }

    /// ``indexPath(to:)`` with an explicit stack.
    private func deepIndexPath(to id: BlockID) -> [Int]? {
        if self.id == id { return [] }
        // Each frame: a list of siblings and the index of the one whose
        // subtree is being searched (counting down).
        var frames: [(siblings: [Block], index: Int)] = []
        if !children.isEmpty { frames.append((children, children.count)) }
        while !frames.isEmpty {
            let top = frames.count - 1
            frames[top].index -= 1
            let index = frames[top].index
            guard index >= 0 else {
                frames.removeLast()
                continue
            }
            let block = frames[top].siblings[index]
            if block.id == id { return frames.map(\.index) }
            if !block.children.isEmpty { frames.append((block.children, block.children.count)) }
        }
        return nil
    }

    /// The descendant reached by following `path` (child indices) from
    /// this block; the path must be valid.
    ///
    /// - Complexity: O(path length).
    func descendant(at path: some Sequence<Int>) -> Block {
        var block = self
        for index in path { block = block.children[index] }
        return block
    }

    /// Calls `body` with the descendant at `path` (child indices; empty for
    /// this block) to modify it in place; each box on the path is raised
    /// to hold what `body` made. Recursive for ``recursionLimit`` levels;
    /// below, the blocks on the path are taken out of their parents while
    /// `body` runs (each the only holder of its children, none copied), so
    /// any length of path works on any thread's stack.
    ///
    /// - Complexity: O(path length) plus `body`.
    mutating func modifyDescendant<E: Error>(
        at path: [Int], _ body: (inout Block) throws(E) -> Void
    ) throws(E) {
        try modifyDescendant(at: path[...], depth: 0, body)
    }

    private mutating func modifyDescendant<E: Error>(
        at path: ArraySlice<Int>, depth: Int, _ body: (inout Block) throws(E) -> Void
    ) throws(E) {
        guard let first = path.first else { return try body(&self) }
        guard depth < Self.recursionLimit else { return try modifyDeepDescendant(at: path, body) }
        try modifyChild(at: first) { (child: inout Block) throws(E) in
            try child.modifyDescendant(at: path.dropFirst(), depth: depth + 1, body)
        }
    }

    /// ``modifyDescendant(at:_:)`` without recursion.
    private mutating func modifyDeepDescendant<E: Error>(
        at path: ArraySlice<Int>, _ body: (inout Block) throws(E) -> Void
    ) throws(E) {
        // Unzip: move each block on the path out of its parent.
        var spine: [Block] = []
        spine.reserveCapacity(path.count)
        var current = Block.hole
        swap(&current, &self)
        for index in path {
            var child = Block.hole
            current.swapChild(at: index, with: &child)
            spine.append(current)
            current = child
        }
        // Zip back up, also when `body` throws.
        defer {
            for index in path.reversed() {
                var parent = spine.removeLast()
                parent.swapChild(at: index, with: &current)
                current = parent
            }
            swap(&current, &self)
        }
        try body(&current)
    }

    /// A leaf that stands in for a block taken out of its place (no allocation).
    static var hole: Block { Block(id: BlockID(""), kind: .thematicBreak, range: 0..<0) }

    /// The block reached by following last children from this one (itself
    /// if it has none): where text arriving after an insert goes
    /// (docs/patches.md, the continuation target).
    ///
    /// - Complexity: O(depth).
    var lastLeaf: Block {
        var block = self
        while let last = block.children.last { block = last }
        return block
    }
}
