import StreamMark

extension DocumentModel {
    /// Applies patches to the nodes — the patches of the model's own document
    /// (``append(_:)`` does this) or of a document that lives elsewhere (a
    /// background task, a server sending NDJSON). Use one source per model.
    ///
    /// Sets ``BlockNode/value`` only when it differs, inserts, removes and
    /// moves nodes in their parent's ``BlockNode/children``, marks closed
    /// nodes, then renders what the patches touched in the model's
    /// ``scope``: the top-level blocks, or the content blocks themselves.
    ///
    /// - Parameters:
    ///   - patches: the patches of one append, in order.
    ///   - isFinal: whether they are the last of the stream: then every
    ///     node is marked closed and ``isFinished`` set.
    /// - Throws: ``PatchError`` if a patch does not fit the tree; the patches
    ///   before it are applied.
    /// - Complexity: per patch, O(depth) to find its block (and O(subtree)
    ///   for an inserted or removed subtree), plus the renders: of the
    ///   changed top-level blocks (O(subtree) each, or O(children) for one
    ///   that composes cached outputs), or in the content scope of the
    ///   changed content blocks only, and O(new code bytes) to highlight
    ///   code lines as they complete. Untouched nodes cost nothing.
    public func apply(_ patches: [Patch], isFinal: Bool = false) throws(PatchError) {
        var touched: [BlockID] = []
        var content: [Block] = []
        for patch in patches {
            try patch.apply(to: &located)
            switch scope {
            case .topLevelBlocks: touched += topLevelIDs(touchedBy: patch)
            case .contentBlocks: content += Self.contentBlocks(changedBy: patch)
            }
            applyToNodes(patch)
        }
        for change in highlights.apply(patches, root: tree) {
            guard let node = nodes[change.id], change.firstLine <= node.highlightedLines.count else { continue }
            node.highlightedLines.replaceSubrange(change.firstLine..., with: change.lines)
        }
        let section = scope == .topLevelBlocks ? touchFootnotes(&touched) : nil
        if let cache, !patches.isEmpty {
            try cache.apply(patches)
            if let section { cache.invalidate(section) }
            switch scope {
            case .topLevelBlocks: render(touched, in: cache)
            case .contentBlocks: render(content, in: cache)
            }
        }
        if isFinal && !isFinished {
            root.forEach { node in
                if !node.isClosed { node.isClosed = true }
            }
            isFinished = true
        }
    }

    /// Mirrors one patch (already checked against ``tree``) on the nodes.
    private func applyToNodes(_ patch: Patch) {
        switch patch {
        case .insert(let parent, let index, let block):
            guard let parentNode = nodes[parent] else { return }
            let node = makeNode(block)
            node.parent = parentNode
            parentNode.children.insert(node, at: index)
        case .update(let id, let value):
            guard let node = nodes[id], node.value != value else { return }
            node.value = value
        case .remove(let id):
            guard let node = nodes[id] else { return }
            detach(node)
            forget(node)
        case .move(let id, let parent, let index):
            guard let node = nodes[id], let parentNode = nodes[parent] else { return }
            detach(node)
            node.parent = parentNode
            parentNode.children.insert(node, at: index)
        case .close(let id):
            nodes[id]?.forEach { node in
                if !node.isClosed { node.isClosed = true }
            }
        }
    }

    /// Creates the nodes of an inserted subtree, restoring saved user state.
    private func makeNode(_ block: Block) -> BlockNode<Output> {
        let node = BlockNode<Output>(block: block, state: savedStates.removeValue(forKey: block.id) ?? BlockState())
        nodes[block.id] = node
        if !block.children.isEmpty {
            let children = block.children.map(makeNode)
            for child in children { child.parent = node }
            node.children = children
        }
        return node
    }

    /// Takes a node out of its parent's children (searched from the end).
    private func detach(_ node: BlockNode<Output>) {
        guard let parent = node.parent,
            let index = parent.children.lastIndex(where: { $0 === node })
        else { return }
        parent.children.remove(at: index)
        node.parent = nil
    }

    /// Drops a removed subtree's nodes, keeping their user state by id.
    private func forget(_ node: BlockNode<Output>) {
        node.forEach { removed in
            if nodes[removed.id] === removed { nodes[removed.id] = nil }
            if !removed.state.isDefault { savedStates[removed.id] = removed.state }
        }
    }

    /// The top-level blocks whose rendering a patch may change (computed
    /// before the patch is applied to the nodes).
    private func topLevelIDs(touchedBy patch: Patch) -> [BlockID] {
        switch patch {
        case .insert(let parent, _, let block):
            return [parent == .document ? block.id : topLevelID(of: parent)].compactMap { $0 }
        case .update(let id, _):
            return [topLevelID(of: id)].compactMap { $0 }
        case .move(let id, let parent, _):
            // The old place's top-level block and the new one's.
            let new = parent == .document ? id : topLevelID(of: parent)
            return [topLevelID(of: id), new].compactMap { $0 }
        case .remove(let id):
            return nodes[id]?.parent === root ? [] : [topLevelID(of: id)].compactMap { $0 }
        case .close:
            return []
        }
    }

    /// Adds the footnotes section (the last top-level block, if there is
    /// one) to `touched` when a touched top-level block is or holds a note:
    /// the section draws the notes. Returns the section's id when it was
    /// added (its cached output must then be dropped: its value did not
    /// change).
    ///
    /// - Complexity: O(1) without a section, else O(nodes of the touched
    ///   top-level blocks).
    private func touchFootnotes(_ touched: inout [BlockID]) -> BlockID? {
        guard let section = root.children.last, case .footnotes = section.value.kind,
            !touched.contains(section.id)
        else { return nil }
        for id in Set(touched) {
            guard let node = nodes[id], node.parent === root else { continue }
            var holdsNote = false
            node.forEach { inner in
                if case .footnoteDefinition = inner.value.kind { holdsNote = true }
            }
            if holdsNote {
                touched.append(section.id)
                return section.id
            }
        }
        return nil
    }

    /// The id of the top-level ancestor of a node (itself if top-level).
    private func topLevelID(of id: BlockID) -> BlockID? {
        guard var node = nodes[id], node !== root else { return nil }
        while let parent = node.parent, parent !== root { node = parent }
        return node.id
    }

    /// The content blocks (``RenderScope/contentBlock(id:value:)``) a patch
    /// inserts or changes: every one in an inserted subtree, an updated one.
    private static func contentBlocks(changedBy patch: Patch) -> [Block] {
        switch patch {
        case .insert(_, _, let block):
            var blocks: [Block] = []
            block.forEach { inserted in
                if let content = RenderScope.contentBlock(id: inserted.id, value: inserted.value) {
                    blocks.append(content)
                }
            }
            return blocks
        case .update(let id, let value):
            return RenderScope.contentBlock(id: id, value: value).map { [$0] } ?? []
        case .remove, .move, .close:
            return []
        }
    }

    /// Renders content blocks through the cache (the last change of each
    /// wins) and sets the output of their nodes where it changed.
    private func render(_ content: [Block], in cache: RenderCache<Int, Output>) {
        var seen = Set<BlockID>()
        for block in content.reversed() where seen.insert(block.id).inserted && nodes[block.id] != nil {
            _ = cache.output(for: block, context: 0)
        }
        setOutputs()
    }

    /// Renders the touched top-level blocks through the cache and sets the
    /// output of every node the render function rendered, where it changed.
    private func render(_ touched: [BlockID], in cache: RenderCache<Int, Output>) {
        var seen = Set<BlockID>()
        let children = cache.root.children
        for id in touched where seen.insert(id).inserted {
            guard let index = children.lastIndex(where: { $0.id == id }) else { continue }
            _ = cache.output(for: children[index], context: 0)
        }
        setOutputs()
    }

    /// Sets the output of every node the render function rendered since the
    /// last call, where it changed.
    private func setOutputs() {
        for (id, output) in renderLog.take() {
            guard let node = nodes[id], node.output != output else { continue }
            node.output = output
        }
    }
}
