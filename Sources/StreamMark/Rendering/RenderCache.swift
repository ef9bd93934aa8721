/// A cache of rendered output per block, kept outside the code that runs on
/// every update (the "body" rule): renderers never parse, they receive the
/// engine's patches and render only what changed.
///
/// ```swift
/// let cache = RenderCache<Int, [String]> { block, width, child in
///     // render `block` at `width`; `child(i, width)` is child i's cached output
/// }
/// var document = StreamingDocument()
/// for chunk in chunks {
///     try cache.apply(document.append(chunk))
///     for block in cache.root.children { show(cache.output(for: block, context: 80)) }
/// }
/// ```
///
/// Output is cached per block and keyed by the block's identity, its value
/// (``BlockValue``), the layout context (for example the available width)
/// and, for containers, the versions of the children's outputs the container
/// composed. A block is rendered again only when one of those changed, so a
/// closed block renders exactly once for the whole stream (unless its context
/// changes, or a later link reference definition updates it).
///
/// ``renderCount`` and ``renderCounts`` count the calls of the render
/// function, so tests can assert how much work was done.
///
/// A `RenderCache` is a reference type so the render function can ask it for
/// children's output while it renders; it is not thread-safe.
public final class RenderCache<Context: Hashable, Output> {
    /// Renders one block.
    ///
    /// - Parameters:
    ///   - block: the block (with its children, for reference).
    ///   - context: the layout context the block is rendered in.
    ///   - child: returns the (cached) output of the child at an index,
    ///     rendered in the given context. Containers compose their output
    ///     from it instead of rendering children themselves.
    public typealias Render = (
        _ block: Block, _ context: Context, _ child: (_ index: Int, _ context: Context) -> Output
    ) -> Output

    private struct ChildUse {
        var index: Int
        var context: Context
        var version: Int
    }

    private struct Entry {
        var value: BlockValue
        var context: Context
        var childIDs: [BlockID]
        var childrenUsed: [ChildUse]
        var output: Output
        var version: Int
    }

    /// The tree as the patches applied so far describe it.
    public var root: Block { tree.root }
    /// The tree, with where each block is: a patch that updates a frozen
    /// block (a late definition) finds it and its ancestors in O(depth)
    /// (``LocatedTree``).
    private var tree = LocatedTree()
    /// The total number of calls of the render function.
    public private(set) var renderCount = 0
    /// The number of calls of the render function per block.
    public private(set) var renderCounts: [BlockID: Int] = [:]
    /// The blocks closed by a `close` patch (and still in the tree).
    public private(set) var closedIDs: Set<BlockID> = []

    private let render: Render
    private var entries: [BlockID: Entry] = [:]
    private var dirty: Set<BlockID> = []
    private var nextVersion = 0

    /// Creates an empty cache for an empty document.
    ///
    /// - Parameter render: the function that renders one block.
    public init(render: @escaping Render) {
        self.render = render
    }

    /// The number of renders of one block so far.
    public func renderCount(of id: BlockID) -> Int { renderCounts[id] ?? 0 }

    /// Whether a `close` patch closed the block.
    public func isClosed(_ id: BlockID) -> Bool { closedIDs.contains(id) }

    /// Applies the engine's patches to ``root`` and marks the blocks they
    /// touch (and their ancestors) for re-validation.
    ///
    /// - Complexity: per patch, O(depth) to find its block and mark its
    ///   ancestors (``LocatedTree``), plus the size of an inserted or
    ///   removed subtree; nothing is rendered here.
    public func apply(_ patches: [Patch]) throws(PatchError) {
        for patch in patches {
            switch patch {
            case .insert(let parent, _, _):
                markPath(to: parent)
            case .update(let id, _):
                markPath(to: id)
            case .remove(let id):
                markPath(to: id)
                if let block = tree.block(withID: id) { forget(block) }
            case .move(let id, let parent, _):
                markPath(to: id)
                markPath(to: parent)
            case .close(let id):
                if let block = tree.block(withID: id) {
                    block.forEach { closedIDs.insert($0.id) }
                }
            }
            try patch.apply(to: &tree)
            if case .move(_, let parent, _) = patch { markPath(to: parent) }
        }
    }

    /// Replaces the tree with `newRoot`, applying the keyed diff between the
    /// two, for callers that hold trees rather than patches.
    ///
    /// - Complexity: O(size of both trees) for the diff.
    public func update(to newRoot: Block) {
        let patches = TreeDiff.patches(from: root, to: newRoot)
        do {
            try apply(patches)
        } catch {
            // The diff of two trees always applies; fall back to a full reset.
            entries.removeAll()
            dirty.removeAll()
            tree.replaceRoot(with: newRoot)
        }
    }

    /// The output of `block` in `context`, rendered only if it (or a child it
    /// composes) changed since it was last rendered in that context.
    ///
    /// Any depth renders on any thread's stack: renders nest (a container's
    /// render asks for its children's output) at most ``maximumNesting``
    /// deep. Deeper, a child that is not rendered yet is noted, the
    /// container's render gets a stand-in (the output of an empty document
    /// in that context) and its result is dropped; the noted children are
    /// rendered first, from an explicit stack, and the container again.
    /// Dropped renders are not counted in ``renderCount``.
    ///
    /// - Parameters:
    ///   - block: a block of ``root`` (the cache keys on its identity).
    ///   - context: the layout context.
    /// - Complexity: O(1) for a block untouched by the patches since its last
    ///   render; otherwise O(children) plus the renders that changed (below
    ///   ``maximumNesting`` levels of renders, a container is rendered twice).
    public func output(for block: Block, context: Context) -> Output {
        var requests: [(block: Block, context: Context, attempts: Int)] = [(block, context, 0)]
        while true {
            let top = requests.count - 1
            // A render that still misses children after two rounds (it asks
            // for one child in two contexts, and each evicts the other)
            // renders them nested, as the cache always did.
            let result = attempt(
                requests[top].block, context: requests[top].context, nests: requests[top].attempts >= 2)
            if let output = result.output {
                requests.removeLast()
                if requests.isEmpty { return output }
            } else {
                requests[top].attempts += 1
                requests.append(contentsOf: result.children.reversed().map { ($0.block, $0.context, 0) })
            }
        }
    }

    /// How deep renders nest (a container's render calling for a child's)
    /// before children are rendered from an explicit stack instead. A
    /// level of nested renders takes the renderer's frames too (about 30 KB
    /// of stack in an AddressSanitizer debug build), so this stays low:
    /// real documents rarely nest deeper, and deeper containers cost one
    /// extra render each.
    static var maximumNesting: Int { 8 }

    /// Renders nested on the stack right now.
    private var nesting = 0

    /// The output of `block`, or the children that must be rendered before
    /// it can be (then nothing was stored).
    private func attempt(
        _ block: Block, context: Context, nests: Bool
    ) -> (output: Output?, children: [(block: Block, context: Context)]) {
        if let output = cleanOutput(of: block, context: context) { return (output, []) }
        // A dirty block is revalidated through the children it composed; a
        // renderer that composed none (it rendered its subtree itself) must
        // render again, since a descendant changed.
        if let entry = entries[block.id], entry.context == context, entry.value == block.value,
            !entry.childrenUsed.isEmpty || block.children.isEmpty,
            entry.childIDs.count == block.children.count,
            entry.childIDs.elementsEqual(block.children.lazy.map(\.id))
        {
            var unchanged = true
            for use in entry.childrenUsed {
                let child = block.children[use.index]
                if cleanOutput(of: child, context: use.context) == nil { return (nil, [(child, use.context)]) }
                if entries[child.id]?.version != use.version {
                    unchanged = false
                    break
                }
            }
            if unchanged {
                dirty.remove(block.id)
                return (entry.output, [])
            }
        }
        var used: [ChildUse] = []
        var missing: [(block: Block, context: Context)] = []
        nesting += 1
        defer { nesting -= 1 }
        let output = render(block, context) { index, childContext in
            let child = block.children[index]
            let childOutput: Output
            if let ready = self.cleanOutput(of: child, context: childContext) {
                childOutput = ready
            } else if nests || self.nesting < Self.maximumNesting {
                childOutput = self.output(for: child, context: childContext)
            } else {
                missing.append((child, childContext))
                return self.standIn(context: childContext)
            }
            used.append(ChildUse(index: index, context: childContext, version: self.entries[child.id]?.version ?? -1))
            return childOutput
        }
        if !missing.isEmpty { return (nil, missing) }
        nextVersion += 1
        entries[block.id] = Entry(
            value: block.value, context: context, childIDs: block.children.map(\.id),
            childrenUsed: used, output: output, version: nextVersion)
        dirty.remove(block.id)
        renderCount += 1
        renderCounts[block.id, default: 0] += 1
        return (output, [])
    }

    /// The cached output of `block` in `context` if nothing it depends on
    /// changed since.
    private func cleanOutput(of block: Block, context: Context) -> Output? {
        guard let entry = entries[block.id], entry.context == context, !dirty.contains(block.id) else { return nil }
        return entry.output
    }

    /// What a render too deep on the stack gets for a child not rendered
    /// yet: the output of an empty document (the render is dropped).
    private func standIn(context: Context) -> Output {
        render(Block(id: .document, kind: .document, range: 0..<0), context) { _, _ in
            preconditionFailure("an empty document has no children")
        }
    }

    private func forget(_ block: Block) {
        block.forEach {
            entries[$0.id] = nil
            dirty.remove($0.id)
            closedIDs.remove($0.id)
        }
    }

    /// Drops the cached output of block `id`, so the next
    /// ``output(for:context:)`` renders it again, and marks its ancestors
    /// dirty (they compose it): for an output that depends on more than the
    /// block's value and children, such as the footnotes section
    /// (``BlockKind/footnotes(notes:)``), which draws notes that live
    /// elsewhere in the tree.
    ///
    /// - Complexity: O(depth) (``LocatedTree``).
    public func invalidate(_ id: BlockID) {
        entries[id] = nil
        markPath(to: id)
    }

    /// The ids from the root down to the block with `id` (both included),
    /// or `nil` if it is not in ``root``.
    ///
    /// - Complexity: O(depth) (``LocatedTree``).
    public func path(to id: BlockID) -> [BlockID]? {
        tree.ancestorIDs(of: id).map { $0 + [id] }
    }

    /// Marks the block and its ancestors dirty.
    private func markPath(to id: BlockID) {
        guard let ancestors = tree.ancestorIDs(of: id) else { return }
        for ancestor in ancestors { dirty.insert(ancestor) }
        dirty.insert(id)
    }
}
