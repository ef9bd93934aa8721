/// A block of the document tree: a plain value.
///
/// A block's *identity* (`id`) is stable; its *value* (`kind` and `range`)
/// is ephemeral and may be updated while the block is open. Containers
/// (document, block quote, list, item, table) hold their child blocks in
/// `children`; leaves have none.
///
/// Equality compares the whole subtree.
///
/// Nothing about a block depends on the stack of the thread that holds
/// it: equality, hashing, the walks of ``forEach(_:)``, ``subtreeCount``
/// and the searches use explicit stacks, and destroying a block of any
/// depth does not recurse (the children live in a ``BlockChildren`` box
/// that takes its subtree apart with a worklist). Copies share their
/// children until one of them is written (copy-on-write), as an array's
/// elements do. Leaves share one empty box and allocate nothing for it.
public struct Block: Identifiable, Sendable {
    /// The stable identity (see ``BlockID``).
    public var id: BlockID
    /// What the block is, with its attributes and inline content.
    public var kind: BlockKind
    /// The block's extent in the text: UTF-8 byte offsets, half-open.
    public var range: Range<Int>
    /// The children, in a box shared by copies until one is written.
    private var storage: BlockChildren

    /// Creates a block.
    public init(id: BlockID, kind: BlockKind, range: Range<Int>, children: [Block] = []) {
        self.id = id
        self.kind = kind
        self.range = range
        self.storage = children.isEmpty ? .empty : BlockChildren(children)
    }

    /// Child blocks, in document order.
    ///
    /// Reading returns the stored array (O(1)); writing through it (for
    /// example `block.children[i].kind = …` or `block.children.append(…)`)
    /// modifies the array in place when this block is the only holder of
    /// its children, and copies it (O(children)) once otherwise.
    public var children: [Block] {
        get { storage.blocks }
        set {
            if newValue.isEmpty {
                storage = .empty
            } else if isKnownUniquelyReferenced(&storage) {
                storage.blocks = newValue
            } else {
                storage = BlockChildren(newValue)
            }
        }
        _modify {
            // The shared empty box is never uniquely referenced (the static
            // holds it), so a leaf gets a box of its own here.
            if !isKnownUniquelyReferenced(&storage) { storage = BlockChildren(storage.blocks) }
            yield &storage.blocks
        }
    }

    /// The block without its children: what an `update` patch carries.
    public var value: BlockValue { BlockValue(kind: kind, range: range) }

    /// Whether this block and `other` hold the very same children box, so
    /// that their subtrees are equal without comparing them.
    ///
    /// - Complexity: O(1).
    func sharesChildren(with other: Block) -> Bool { storage === other.storage }

    /// Moves this block's children onto `pending` and leaves it without
    /// any, if this block is the only holder of its children box (else
    /// does nothing: the box lives on elsewhere). One step of
    /// ``BlockChildren``'s teardown.
    mutating func moveChildren(onto pending: inout [Block]) {
        guard !storage.blocks.isEmpty, isKnownUniquelyReferenced(&storage) else { return }
        pending.append(contentsOf: storage.blocks)
        storage.blocks = []
    }
}

/// The children of a ``Block``: a box with value semantics (``Block`` copies
/// it before writing unless it is the only holder), whose `deinit` takes a
/// subtree apart without recursion.
///
/// Swift destroys an array of values that hold arrays recursively, about
/// 144 bytes of stack per level: a block nested 10,000 deep would need
/// 1.4 MB of stack to be released. Here every box being destroyed moves
/// the children of those of its blocks that it alone holds onto a
/// worklist, and empties them, before they are released, so each release
/// frees at most one level.
final class BlockChildren: @unchecked Sendable {
    // `@unchecked`: `blocks` is written only through a `Block` that holds
    // the box alone (`isKnownUniquelyReferenced`), like an array's buffer.

    /// The child blocks.
    var blocks: [Block]

    init(_ blocks: [Block]) { self.blocks = blocks }

    /// The box of every leaf: never written (never uniquely referenced).
    static let empty = BlockChildren([])

    deinit {
        guard !blocks.isEmpty else { return }
        var pending: [Block] = []
        swap(&pending, &blocks)
        while var block = pending.popLast() {
            block.moveChildren(onto: &pending)
        }
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
