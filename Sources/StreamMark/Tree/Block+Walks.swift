extension Block {
    /// How many levels the walks over a tree recurse (cheaper than a heap
    /// stack for the shallow trees of real text) before they go on with an
    /// explicit stack, so that any depth is walked on any thread's stack:
    /// a few kilobytes of stack at most.
    static let recursionLimit = 32

    /// Calls `body` for this block and every descendant, depth first, in
    /// document order.
    ///
    /// - Complexity: O(size of the subtree), on any thread's stack (past
    ///   ``recursionLimit`` levels, an explicit stack of the blocks still
    ///   to visit).
    public func forEach(_ body: (Block) throws -> Void) rethrows {
        try forEach(depth: 0, body)
    }

    /// Recursive while shallow (cheaper than a heap stack), iterative below.
    private func forEach(depth: Int, _ body: (Block) throws -> Void) rethrows {
        guard depth < Self.recursionLimit else { return try forEachDeep(body) }
        try body(self)
        for child in children { try child.forEach(depth: depth + 1, body) }
    }

    private func forEachDeep(_ body: (Block) throws -> Void) rethrows {
        try body(self)
        guard !children.isEmpty else { return }
        var pending: [Block] = children.reversed()
        while let block = pending.popLast() {
            try body(block)
            pending.append(contentsOf: block.children.reversed())
        }
    }

    /// Calls `body` for this block and its descendants, depth first, in
    /// document order, skipping the descendants of every block for which
    /// `body` returns `false`.
    ///
    /// - Complexity: O(blocks visited), on any thread's stack.
    func visit(_ body: (Block) -> Bool) {
        visit(depth: 0, body)
    }

    private func visit(depth: Int, _ body: (Block) -> Bool) {
        guard depth < Self.recursionLimit else { return visitDeep(body) }
        guard body(self) else { return }
        for child in children { child.visit(depth: depth + 1, body) }
    }

    private func visitDeep(_ body: (Block) -> Bool) {
        guard body(self), !children.isEmpty else { return }
        var pending: [Block] = children.reversed()
        while let block = pending.popLast() {
            if body(block) { pending.append(contentsOf: block.children.reversed()) }
        }
    }

    /// The number of blocks in this subtree, including this one.
    ///
    /// - Complexity: O(size of the subtree), on any thread's stack.
    public var subtreeCount: Int { subtreeCount(depth: 0) }

    private func subtreeCount(depth: Int) -> Int {
        guard depth < Self.recursionLimit else { return deepSubtreeCount }
        var count = 1
        for child in children { count += child.subtreeCount(depth: depth + 1) }
        return count
    }

    private var deepSubtreeCount: Int {
        var count = 1
        var pending: [[Block]] = children.isEmpty ? [] : [children]
        while let siblings = pending.popLast() {
            count += siblings.count
            for child in siblings where !child.children.isEmpty { pending.append(child.children) }
        }
        return count
    }

    /// This subtree with `change` applied to every block (children are
    /// set before their parent's `change` runs; `change` should leave them
    /// alone). Rebuilt bottom-up with an explicit stack, so any depth is
    /// mapped on any thread's stack.
    ///
    /// - Complexity: O(size of the subtree) plus the calls of `change`.
    func mapped(_ change: (inout Block) -> Void) -> Block {
        var frames: [(block: Block, built: [Block])] = [(self, [])]
        while true {
            let top = frames.count - 1
            let children = frames[top].block.children
            let next = frames[top].built.count
            if next < children.count {
                var child = children[next]
                if child.children.isEmpty {
                    change(&child)
                    frames[top].built.append(child)
                } else {
                    frames.append((child, []))
                }
                continue
            }
            var (block, built) = frames.removeLast()
            block.children = built
            change(&block)
            if frames.isEmpty { return block }
            frames[frames.count - 1].built.append(block)
        }
    }

    /// Calls `change` on this block and every descendant, parents before
    /// children, in place: each list of children is taken out of its
    /// parent while it is changed, so nothing is copied that this block
    /// alone holds (copy-on-write copies what is shared, as a nested
    /// mutation would). Any depth on any thread's stack (recursive for
    /// ``recursionLimit`` levels, then an explicit stack).
    /// `change` may change a block's value, not its children.
    ///
    /// - Complexity: O(size of the subtree) plus the calls of `change`.
    mutating func updateEach(_ change: (inout Block) -> Void) {
        updateEach(depth: 0, change)
    }

    private mutating func updateEach(depth: Int, _ change: (inout Block) -> Void) {
        guard depth < Self.recursionLimit else { return updateEachDeep(change) }
        change(&self)
        updateChildrenKeepingHeight { children in
            for index in children.indices { children[index].updateEach(depth: depth + 1, change) }
        }
    }

    private mutating func updateEachDeep(_ change: (inout Block) -> Void) {
        change(&self)
        guard !children.isEmpty else { return }
        // The blocks whose children are out, those lists, and the index of
        // the next child to change in each.
        var spine: [Block] = []
        var lists: [[Block]] = []
        var next: [Int] = []
        var current = Block.hole
        swap(&current, &self)
        while true {
            var list: [Block] = []
            swap(&list, &current.children)
            spine.append(current)
            lists.append(list)
            next.append(0)
            // Change children until one has children of its own (descend
            // into it) or the lists are all done (put everything back).
            while true {
                let top = lists.count - 1
                let index = next[top]
                if index < lists[top].count {
                    next[top] += 1
                    change(&lists[top][index])
                    if lists[top][index].children.isEmpty { continue }
                    current = Block.hole
                    swap(&current, &lists[top][index])
                    break
                }
                var block = spine.removeLast()
                var done = lists.removeLast()
                next.removeLast()
                swap(&done, &block.children)
                guard let parent = lists.indices.last else {
                    self = block
                    return
                }
                swap(&block, &lists[parent][next[parent] - 1])
            }
        }
    }

    /// Calls `change` on this block, then on its last child, and so on down
    /// to a leaf, in place: each block is taken out of its parent while it
    /// is changed and put back after (nothing this block alone holds is
    /// copied). `change` may change a block's value and its children's
    /// values, not how deep its children go. Any depth on any thread's
    /// stack.
    ///
    /// - Complexity: O(length of the chain) plus the calls of `change`.
    mutating func alongLastChildren(_ change: (inout Block) -> Void) {
        var spine: [Block] = []
        var current = Block.hole
        swap(&current, &self)
        while true {
            change(&current)
            guard !current.children.isEmpty else { break }
            var child = Block.hole
            current.updateChildrenKeepingHeight { children in swap(&child, &children[children.count - 1]) }
            spine.append(current)
            current = child
        }
        while var parent = spine.popLast() {
            parent.updateChildrenKeepingHeight { children in swap(&current, &children[children.count - 1]) }
            current = parent
        }
        self = current
    }
}
