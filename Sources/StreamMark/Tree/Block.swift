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
/// elements do. A leaf has no box (`nil`): it allocates nothing, and
/// copying or destroying it touches no reference count for its children.
public struct Block: Identifiable, Sendable {
    /// The stable identity (see ``BlockID``).
    public var id: BlockID
    /// What the block is, with its attributes and inline content.
    public var kind: BlockKind
    /// The block's extent in the text: UTF-8 byte offsets, half-open.
    public var range: Range<Int>
    /// The children, in a box shared by copies until one is written; `nil`
    /// for none.
    private var storage: BlockChildren?

    /// Creates a block.
    public init(id: BlockID, kind: BlockKind, range: Range<Int>, children: [Block] = []) {
        self.id = id
        self.kind = kind
        self.range = range
        self.storage = children.isEmpty ? nil : BlockChildren(children)
    }

    /// Child blocks, in document order.
    ///
    /// Reading returns the stored array (O(1)); writing through it (for
    /// example `block.children[i].kind = …` or `block.children.append(…)`)
    /// modifies the array in place when this block is the only holder of
    /// its children, and copies it (O(children)) once otherwise.
    public var children: [Block] {
        get { storage?.blocks ?? [] }
        set {
            if newValue.isEmpty {
                storage = nil
            } else if isKnownUniquelyReferenced(&storage) {
                storage!.blocks = newValue
                storage!.height = BlockChildren.height(of: newValue)
            } else {
                storage = BlockChildren(newValue)
            }
        }
        _modify {
            // A leaf (nil: never unique) gets a box of its own here; a
            // shared box is copied.
            if !isKnownUniquelyReferenced(&storage) {
                storage = BlockChildren(storage?.blocks ?? [])
            }
            // Written in place: the children may now be deeper than known.
            storage!.height = .max
            yield &storage!.blocks
        }
    }

    /// The block without its children: what an `update` patch carries.
    public var value: BlockValue { BlockValue(kind: kind, range: range) }

    /// Whether this block and `other` hold the very same children box, so
    /// that their subtrees are equal without comparing them.
    ///
    /// - Complexity: O(1).
    func sharesChildren(with other: Block) -> Bool { storage === other.storage }

    /// Lets `body` change the values of this block's children in place
    /// (copying the box first if it is shared), keeping the box's
    /// ``childrenHeight``: `body` must not change how deep the children
    /// go (``updateEach(_:)`` changes values only).
    ///
    /// - Complexity: O(1) plus `body`, O(children) more if the box is shared.
    mutating func updateChildrenKeepingHeight(_ body: (inout [Block]) -> Void) {
        guard storage != nil else { return }
        if !isKnownUniquelyReferenced(&storage) { storage = BlockChildren(storage!.blocks) }
        body(&storage!.blocks)
    }

    /// Calls `body` on child `index` to modify it in place (copying the box
    /// first if it is shared); the box's height is raised to hold the child
    /// as `body` left it (never lowered: a height may be too high, never
    /// too low).
    ///
    /// - Complexity: O(1) plus `body`, O(children) more if the box is shared.
    mutating func modifyChild<E: Error>(at index: Int, _ body: (inout Block) throws(E) -> Void) throws(E) {
        if !isKnownUniquelyReferenced(&storage) { storage = BlockChildren(storage!.blocks) }
        defer { storage!.raiseHeight(toHold: storage!.blocks[index]) }
        try body(&storage!.blocks[index])
    }

    /// Swaps child `index` with `block`, raising the box's height to hold
    /// the child put in (a leaf taken out leaves the height too high, never
    /// too low).
    ///
    /// - Complexity: O(1), O(children) more if the box is shared.
    mutating func swapChild(at index: Int, with block: inout Block) {
        if !isKnownUniquelyReferenced(&storage) { storage = BlockChildren(storage!.blocks) }
        swap(&storage!.blocks[index], &block)
        storage!.raiseHeight(toHold: storage!.blocks[index])
    }

    /// Inserts `child` at `index` among the children, raising the box's
    /// height to hold it.
    ///
    /// - Complexity: O(children) (the array insert).
    mutating func insertChild(_ child: Block, at index: Int) {
        if storage == nil {
            storage = BlockChildren([child])
            return
        }
        if !isKnownUniquelyReferenced(&storage) { storage = BlockChildren(storage!.blocks) }
        storage!.blocks.insert(child, at: index)
        storage!.raiseHeight(toHold: child)
    }

    /// Removes and returns child `index` (the height may stay too high).
    ///
    /// - Complexity: O(children) (the array removal).
    mutating func removeChild(at index: Int) -> Block {
        if !isKnownUniquelyReferenced(&storage) { storage = BlockChildren(storage!.blocks) }
        let child = storage!.blocks.remove(at: index)
        if storage!.blocks.isEmpty { storage = nil }
        return child
    }

    /// How many levels of blocks are below this one (0 for a leaf;
    /// `Int.max` when not known, after its children were written in place).
    var childrenHeight: Int { storage?.height ?? 0 }

    /// Moves this block's children onto `pending` and leaves it without
    /// any, if this block is the only holder of its children box (else
    /// does nothing: the box lives on elsewhere). One step of
    /// ``BlockChildren``'s teardown.
    mutating func moveChildren(onto pending: inout [[Block]]) {
        // Checked before any other reference to the box is taken.
        guard isKnownUniquelyReferenced(&storage), !storage!.blocks.isEmpty else { return }
        var taken: [Block] = []
        swap(&taken, &storage!.blocks)
        storage!.height = 0
        pending.append(taken)
    }
}

/// The children of a ``Block``: a box with value semantics (``Block`` copies
/// it before writing unless it is the only holder), whose `deinit` takes a
/// subtree apart without recursion.
///
/// Swift destroys an array of values that hold arrays recursively, about
/// 144 bytes of stack per level: a block nested 10,000 deep would need
/// 1.4 MB of stack to be released. A box knows how many levels are below
/// it (``height``, counted when it is made). One less than ``deep`` levels
/// high is released by Swift as usual (a few kilobytes of stack at most,
/// and no extra work for the shallow trees of real text); a higher one
/// moves the children of its deep blocks that it alone holds onto a
/// worklist and empties them before they are released, and takes the
/// lists on the worklist apart the same way, so no release frees more
/// than ``deep`` levels.
final class BlockChildren: @unchecked Sendable {
    // `@unchecked`: `blocks` is written only through a `Block` that holds
    // the box alone (`isKnownUniquelyReferenced`), like an array's buffer.

    /// The child blocks. Unchecked exclusivity: a box is written only
    /// through the one `Block` that holds it (copy-on-write), and the
    /// dynamic check on every read of a block's children cost about 3% of
    /// the engine's time.
    @exclusivity(unchecked) var blocks: [Block]
    /// How many levels of blocks this box holds (1: its blocks are
    /// leaves); `Int.max` when not known.
    @exclusivity(unchecked) var height: Int

    init(_ blocks: [Block]) {
        self.blocks = blocks
        height = Self.height(of: blocks)
    }

    /// Raises ``height`` to hold `block` as one of its blocks.
    ///
    /// - Complexity: O(1).
    func raiseHeight(toHold block: Block) {
        let below = block.childrenHeight
        height = max(height, below == .max ? .max : below + 1)
    }

    /// From this height on, a box takes its subtree apart when released.
    static let deep = 32

    /// The height of a box holding `blocks`.
    ///
    /// - Complexity: O(blocks).
    static func height(of blocks: [Block]) -> Int {
        var below = 0
        for block in blocks { below = max(below, block.childrenHeight) }
        return below == .max ? .max : below + 1
    }

    deinit {
        // Shallow: released by Swift. Deep: the child lists of the deep
        // blocks one level down are moved out first (where this box alone
        // holds them), then taken apart the same way.
        guard height >= Self.deep else { return }
        var pending: [[Block]] = []
        Self.moveGrandchildren(of: &blocks, onto: &pending)
        blocks = []
        while var list = pending.popLast() {
            Self.moveGrandchildren(of: &list, onto: &pending)
        }
    }

    /// Moves the children of each deep block of `list` (that it alone
    /// holds) onto `pending`.
    private static func moveGrandchildren(of list: inout [Block], onto pending: inout [[Block]]) {
        for index in list.indices where list[index].childrenHeight >= deep - 1 {
            list[index].moveChildren(onto: &pending)
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
