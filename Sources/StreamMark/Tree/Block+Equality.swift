// Equality, hashing and the Codable form of a block, without recursion
// over the tree (except Codable, which the patch stream does not use:
// its lines are written by JSONWriter and never nest blocks deeper than
// ``PatchSplitter/maximumDepth``).

extension Block: Equatable {
    /// Whether the two subtrees are equal: the same ids, kinds and ranges,
    /// with equal children in the same order.
    ///
    /// - Complexity: O(size of the smaller subtree); children shared by
    ///   both (copies of one value) are equal without being compared. Any
    ///   depth on any thread's stack (recursive for ``recursionLimit``
    ///   levels, then an explicit stack).
    public static func == (lhs: Block, rhs: Block) -> Bool {
        equal(lhs, rhs, depth: 0)
    }

    /// Recursive while shallow (cheaper than a heap stack), iterative below.
    private static func equal(_ lhs: Block, _ rhs: Block, depth: Int) -> Bool {
        guard depth < recursionLimit else { return deepEqual(lhs, rhs) }
        guard lhs.hasEqualValue(rhs) else { return false }
        if lhs.sharesChildren(with: rhs) { return true }
        let (left, right) = (lhs.children, rhs.children)
        guard left.count == right.count else { return false }
        for index in left.indices where !equal(left[index], right[index], depth: depth + 1) { return false }
        return true
    }

    private static func deepEqual(_ lhs: Block, _ rhs: Block) -> Bool {
        guard lhs.hasEqualValue(rhs) else { return false }
        if lhs.sharesChildren(with: rhs) { return true }
        guard lhs.children.count == rhs.children.count else { return false }
        var pending: [(left: [Block], right: [Block], index: Int)] = []
        if !lhs.children.isEmpty { pending.append((lhs.children, rhs.children, 0)) }
        while !pending.isEmpty {
            let top = pending.count - 1
            let index = pending[top].index
            guard index < pending[top].left.count else {
                pending.removeLast()
                continue
            }
            pending[top].index += 1
            let (left, right) = (pending[top].left[index], pending[top].right[index])
            guard left.hasEqualValue(right) else { return false }
            if left.sharesChildren(with: right) { continue }
            guard left.children.count == right.children.count else { return false }
            if !left.children.isEmpty { pending.append((left.children, right.children, 0)) }
        }
        return true
    }

    /// Whether id, range and kind are equal (children aside).
    private func hasEqualValue(_ other: Block) -> Bool {
        id == other.id && range == other.range && kind == other.kind
    }
}

extension Block: Hashable {
    /// Hashes the whole subtree: each block's id, kind, range and number
    /// of children, in document order.
    ///
    /// - Complexity: O(size of the subtree).
    public func hash(into hasher: inout Hasher) {
        combineValue(into: &hasher)
        guard !children.isEmpty else { return }
        var pending: [Block] = children.reversed()
        while let block = pending.popLast() {
            block.combineValue(into: &hasher)
            pending.append(contentsOf: block.children.reversed())
        }
    }

    /// Hashes id, kind, range and the number of children.
    private func combineValue(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(kind)
        hasher.combine(range)
        hasher.combine(children.count)
    }
}

extension Block: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, kind, range, children
    }

    /// Decodes `{"id":…,"kind":…,"range":[a,b],"children":[…]}`.
    ///
    /// Recursive (one `init(from:)` per level, as every `Decodable`
    /// tree): the patch stream's readers never decode blocks nested deeper
    /// than ``PatchSplitter/maximumDepth`` (its writer splits deeper
    /// inserts), and `JSONDecoder` rejects input nested over 512 levels.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(BlockID.self, forKey: .id), kind: try c.decode(BlockKind.self, forKey: .kind),
            range: try c.decode(Range<Int>.self, forKey: .range),
            children: try c.decode([Block].self, forKey: .children))
    }

    /// Encodes the block as ``init(from:)`` reads it (recursive, as above).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(range, forKey: .range)
        try c.encode(children, forKey: .children)
    }
}

extension Block: CustomReflectable {
    /// The block's fields as `dump` and test failure messages show them
    /// (`children` rather than its box).
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "kind": kind, "range": range, "children": children])
    }
}
