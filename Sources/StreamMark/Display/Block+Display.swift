extension Block {
    /// Whether a completed paragraph or heading may display as this block:
    /// a paragraph, heading or table (no containers, code or HTML).
    var isDisplayLeaf: Bool {
        switch kind {
        case .paragraph, .heading, .table: true
        default: false
        }
    }

    /// This subtree with every range (and table cell range) set to `0..<0`:
    /// for comparing what is shown, not where it came from.
    var withoutRanges: Block { removingRanges() }

    /// Clamps this subtree's ranges to `0..<end` (completion may add bytes;
    /// iterative: any depth on any stack).
    mutating func clamp(to end: Int) {
        updateEach { block in
            block.range = min(block.range.lowerBound, end)..<min(block.range.upperBound, end)
        }
    }
}
