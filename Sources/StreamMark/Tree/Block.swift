/// A block of the document tree: a plain value.
///
/// A block's *identity* (`id`) is stable; its *value* (`kind` and `range`)
/// is ephemeral and may be updated while the block is open. Containers
/// (document, block quote, list, item, table) hold their child blocks in
/// `children`; leaves have none.
///
/// Equality compares the whole subtree.
public struct Block: Identifiable, Hashable, Sendable, Codable {
    /// The stable identity (see ``BlockID``).
    public var id: BlockID
    /// What the block is, with its attributes and inline content.
    public var kind: BlockKind
    /// The block's extent in the text: UTF-8 byte offsets, half-open.
    public var range: Range<Int>
    /// Child blocks, in document order.
    public var children: [Block]

    /// Creates a block.
    public init(id: BlockID, kind: BlockKind, range: Range<Int>, children: [Block] = []) {
        self.id = id
        self.kind = kind
        self.range = range
        self.children = children
    }

    /// The block without its children: what an `update` patch carries.
    public var value: BlockValue { BlockValue(kind: kind, range: range) }

    /// Calls `body` for this block and every descendant, depth first, in
    /// document order.
    public func forEach(_ body: (Block) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEach(body) }
    }

    /// The number of blocks in this subtree, including this one.
    public var subtreeCount: Int {
        var count = 1
        for child in children { count += child.subtreeCount }
        return count
    }
}

/// A block's value without its children: kind and source range.
public struct BlockValue: Hashable, Sendable, Codable {
    /// What the block is.
    public var kind: BlockKind
    /// Where it is in the text (UTF-8 byte offsets, half-open).
    public var range: Range<Int>

    /// Creates a value.
    public init(kind: BlockKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}
