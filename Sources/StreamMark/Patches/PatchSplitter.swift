/// Splits the insert of a deeply nested block into inserts of at most
/// ``maximumDepth`` levels each, so that no line of the patch stream nests
/// deeper than its readers accept.
///
/// JSON readers limit nesting (`JSONDecoder`, the short form's reader and
/// browsers' `JSON.parse` at about 512 levels, since they recurse), and a
/// block level takes two JSON levels on the wire. A block nested deeper
/// than ``maximumDepth`` is therefore sent as its top ``maximumDepth``
/// levels, whose blocks at the last level come without children, followed
/// by one insert per cut child (split the same way), in document order:
/// each is the last child of its parent when it arrives, and after the
/// last line the client's tree is the engine's. With inline nesting at
/// most ``InlineNesting/maximumDepth``, no line nests deeper than 512.
enum PatchSplitter {
    /// The most block levels one insert carries.
    static let maximumDepth = 128

    /// One insert: a block (cut at ``maximumDepth`` levels) under `parent`.
    struct Piece {
        var parent: BlockID
        var index: Int
        var block: Block
    }

    /// The inserts that together insert `block` at `index` under `parent`:
    /// one (the block itself) when it is at most `maximumDepth` deep (2 or
    /// more; tests use small depths).
    ///
    /// - Complexity: O(size of the block), without recursion.
    static func pieces(parent: BlockID, index: Int, block: Block, maximumDepth: Int = Self.maximumDepth) -> [Piece] {
        precondition(maximumDepth >= 2, "a piece holds at least two levels")
        var pieces: [Piece] = []
        var pending = [Piece(parent: parent, index: index, block: block)]
        while var piece = pending.popLast() {
            let cuts = cut(&piece.block, maximumDepth: maximumDepth)
            pieces.append(piece)
            pending.append(contentsOf: cuts.reversed())
        }
        return pieces
    }

    /// Removes the children of the blocks at depth `maximumDepth` of
    /// `block` (which is at depth 1) and returns them as pieces, in
    /// document order. Leaves `block` alone (no copy) when it is not that
    /// deep.
    private static func cut(_ block: inout Block, maximumDepth: Int) -> [Piece] {
        guard reaches(block, depth: maximumDepth + 1) else { return [] }
        var cuts: [Piece] = []
        // Rebuild the top levels bottom-up: one frame per block whose
        // children are being rebuilt (depth = position in `frames` + 1).
        var frames: [(block: Block, built: [Block])] = [(block, [])]
        while true {
            let top = frames.count - 1
            let children = frames[top].block.children
            let next = frames[top].built.count
            if next < children.count {
                var child = children[next]
                if frames.count + 1 == maximumDepth, !child.children.isEmpty {
                    // The child is at the last level: its children become pieces.
                    for (index, grandchild) in child.children.enumerated() {
                        cuts.append(Piece(parent: child.id, index: index, block: grandchild))
                    }
                    child.children = []
                    frames[top].built.append(child)
                } else if child.children.isEmpty {
                    frames[top].built.append(child)
                } else {
                    frames.append((child, []))
                }
                continue
            }
            let (unfinished, built) = frames.removeLast()
            var finished = unfinished
            finished.children = built
            if frames.isEmpty {
                block = finished
                return cuts
            }
            frames[frames.count - 1].built.append(finished)
        }
    }

    /// Whether `block` (at depth 1) has a descendant at `depth`.
    ///
    /// - Complexity: O(blocks above that depth), without recursion.
    private static func reaches(_ block: Block, depth: Int) -> Bool {
        if block.children.isEmpty { return depth <= 1 }
        var pending: [(block: Block, depth: Int)] = [(block, 1)]
        while let (current, level) = pending.popLast() {
            if level >= depth { return true }
            for child in current.children { pending.append((child, level + 1)) }
        }
        return false
    }
}
