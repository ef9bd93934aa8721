/// Where the text holds `[^`: every footnote reference and definition
/// starts with it, so a block whose range holds none has neither, and the
/// ledger never looks inside it.
struct FootnoteSites {
    /// Offsets of the `[` of each `[^`, ascending.
    private(set) var offsets: [Int] = []
    /// How far the text was searched.
    private var scanned = 0

    /// Records the `[^` in the text received since the last call.
    ///
    /// - Complexity: O(new bytes).
    mutating func scan(_ bytes: [UInt8]) {
        var i = max(1, scanned)
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "^"), bytes[i - 1] == UInt8(ascii: "[") { offsets.append(i - 1) }
            i += 1
        }
        scanned = bytes.count
    }

    /// Whether `range` holds a `[^` (its `[`); an empty range is taken to
    /// hold the byte it starts at (a note whose only block is empty may
    /// end where it starts).
    ///
    /// - Complexity: O(log sites).
    func holds(_ range: Range<Int>) -> Bool {
        let range = range.lowerBound..<max(range.upperBound, range.lowerBound + 1)
        var low = 0
        var high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        return low < offsets.count && offsets[low] < range.upperBound
    }

    /// Whether the text holds any `[^`.
    var isEmpty: Bool { offsets.isEmpty }
}

extension FootnoteSites {
    /// Whether an append shortcut may answer without the ledger: no block
    /// it may change holds footnote syntax. Shortcuts change the deepest
    /// open block (the last leaf), the ranges of its ancestors, and blocks
    /// made of the new bytes; so the last leaf's range up to `end` (the new
    /// text included) must hold no `[^`, no ancestor may be a note (its
    /// continuation rules are not CommonMark's), and no ancestor table's
    /// header (in its value, updated with the table) may hold one; its
    /// other rows may.
    ///
    /// - Complexity: O(depth × log sites).
    func spareRightEdge(of root: Block, end: Int) -> Bool {
        var block = root
        while let last = block.children.last {
            switch last.kind {
            case .footnoteDefinition: return false
            case .table
            where holds(last.range.lowerBound..<(last.children.first?.range.lowerBound ?? last.range.upperBound)):
                return false
            default: block = last
            }
        }
        return !holds(block.range.lowerBound..<end)
    }
}

extension FootnoteSites {
    /// Whether `patches` (an append shortcut's) update a leaf or insert a
    /// block whose range holds a `[^`. ``spareRightEdge(of:end:)`` covers
    /// the blocks at the end of the text; a late link reference definition
    /// a shortcut reads (a definition run) also updates the frozen
    /// paragraphs that use its label, anywhere in the text, and those the
    /// ledger must resolve (an updated paragraph carries its references
    /// unresolved, and a reference that became link text cites nothing).
    /// Range-only updates of containers carry no inlines and do not count.
    ///
    /// - Complexity: O(patches × log sites).
    func touched(by patches: [Patch]) -> Bool {
        patches.contains { patch in
            switch patch {
            case .update(_, let value): !value.kind.isContainer && holds(value.range)
            case .insert(_, _, let block): holds(block.range)
            case .remove, .move, .close: false
            }
        }
    }
}
