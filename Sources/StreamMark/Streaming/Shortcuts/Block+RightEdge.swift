extension Block {
    /// Moves the end of every block that ended at `oldEnd` to `end`, appends
    /// `added` to the last leaf's last text inline, and appends an update for
    /// each, top down (in the diff's order). Besides the right edge of the
    /// tree, that is a setext heading or fenced code block that the last
    /// line closed: cmark ends those at the end of the line that closed them
    /// (`finalize` in its `blocks.c`), so they grow with that line. They
    /// were open when the line began, so they are on the right edge of a
    /// previous sibling of a block on the tree's right edge — at any depth,
    /// even under a container that ended earlier (`> ```` then `foo`: the
    /// quote ends on its own line, its code block on `foo`'s).
    ///
    /// - Complexity: O(depth of the right edge + `added`), amortized (the
    ///   last string grows in place when no one else holds it). Any depth
    ///   on any thread's stack: recursive for ``recursionLimit`` levels,
    ///   then along the edge with an explicit stack.
    mutating func extendRightEdge(
        from oldEnd: Int, to end: Int, isLast: Bool, adding added: (String, end: Int)?, patches: inout [Patch]
    ) {
        extendRightEdge(from: oldEnd, to: end, isLast: isLast, adding: added, patches: &patches, depth: 0)
    }

    private mutating func extendRightEdge(
        from oldEnd: Int, to end: Int, isLast: Bool, adding added: (String, end: Int)?, patches: inout [Patch],
        depth: Int
    ) {
        guard depth < Self.recursionLimit else {
            return extendDeepRightEdge(from: oldEnd, to: end, isLast: isLast, adding: added, patches: &patches)
        }
        extendOwnEnd(from: oldEnd, to: end, isLast: isLast, adding: added, patches: &patches)
        let count = children.count
        guard count > 0 else { return }
        updateChildrenKeepingHeight { children in
            if isLast && count >= 2 {
                children[count - 2].extendRightEdge(
                    from: oldEnd, to: end, isLast: false, adding: added, patches: &patches, depth: depth + 1)
            }
            children[count - 1].extendRightEdge(
                from: oldEnd, to: end, isLast: isLast, adding: added, patches: &patches, depth: depth + 1)
        }
    }

    /// ``extendRightEdge(from:to:isLast:adding:patches:)`` without
    /// recursion: down the chain of last children, and at each block of
    /// the last path, down the chain of its next-to-last child first.
    private mutating func extendDeepRightEdge(
        from oldEnd: Int, to end: Int, isLast: Bool, adding added: (String, end: Int)?, patches: inout [Patch]
    ) {
        alongLastChildren { block in
            block.extendOwnEnd(from: oldEnd, to: end, isLast: isLast, adding: added, patches: &patches)
            let count = block.children.count
            guard isLast && count >= 2 else { return }
            block.updateChildrenKeepingHeight { children in
                children[count - 2].alongLastChildren { earlier in
                    earlier.extendOwnEnd(from: oldEnd, to: end, isLast: false, adding: added, patches: &patches)
                }
            }
        }
    }

    /// This block's own part of the edge: its end, and the text of the last leaf.
    private mutating func extendOwnEnd(
        from oldEnd: Int, to end: Int, isLast: Bool, adding added: (String, end: Int)?, patches: inout [Patch]
    ) {
        guard range.upperBound == oldEnd else { return }
        range = range.lowerBound..<end
        if isLast, children.isEmpty, let (added, visibleEnd) = added {
            appendText(added, visibleEnd: visibleEnd)
        }
        patches.append(.update(id: id, value: value))
    }

    /// Appends `added` to the last text inline of a paragraph or heading,
    /// or of a table row's last cell (whose content then ends at
    /// `visibleEnd`). The inlines are taken out of the block first, so that
    /// they and the last string are uniquely referenced: the append is
    /// then O(added).
    private mutating func appendText(_ added: String, visibleEnd: Int) {
        switch kind {
        case .paragraph(var inlines):
            kind = .thematicBreak
            Self.extendLastText(of: &inlines, with: added)
            kind = .paragraph(inlines: inlines)
        case .heading(let level, var inlines):
            kind = .thematicBreak
            Self.extendLastText(of: &inlines, with: added)
            kind = .heading(level: level, inlines: inlines)
        case .tableRow(var cells):
            kind = .thematicBreak
            if var cell = cells.popLast() {
                Self.extendLastText(of: &cell.inlines, with: added)
                cell.range = cell.range.lowerBound..<visibleEnd
                cells.append(cell)
            }
            kind = .tableRow(cells: cells)
        default:
            break
        }
    }

    private static func extendLastText(of inlines: inout [Inline], with added: String) {
        if case .text(var last)? = inlines.popLast() {
            last += added
            inlines.append(.text(last))
        }
    }
}
