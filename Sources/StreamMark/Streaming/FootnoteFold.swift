/// What a run of blocks holds for footnote numbering, in the order
/// cmark-gfm's `process_footnotes` counts it: references in document order
/// (those inside notes at their source position), notes in closing order
/// (children before parents).
struct FootnoteFold {
    /// A note: its label key, id, label as written and start offset.
    struct Definition {
        var key: String
        var id: BlockID
        var label: String
        var start: Int
    }

    /// References per label key so far (counted on top of the `below`
    /// counts given to ``fold(_:sites:below:keys:)``).
    var counts: [String: Int] = [:]
    /// Label keys in the order of their first reference.
    var firstOrder: [String] = []
    /// Notes in closing order.
    var definitions: [Definition] = []

    /// Folds the references and notes of `block`; returns the occurrence of
    /// each of its references (0 for a label that matches nothing) and adds
    /// the key of each reference and note to `keys`. A label's count starts
    /// from `below[key]` (the frozen blocks' count) when this fold has not
    /// counted it yet; a label counted in `below` is never a first reference
    /// here.
    ///
    /// - Complexity: O(blocks under `block` holding `[^` + their inlines).
    mutating func fold(
        _ block: Block, sites: FootnoteSites, below: [String: Int] = [:], keys: inout [String]
    ) -> [Int] {
        var occurrences: [Int] = []
        guard sites.holds(block.range) else { return occurrences }
        var stack: [(Block, Bool)] = [(block, false)]
        while let (current, exiting) = stack.popLast() {
            if exiting {
                if case .footnoteDefinition(let note) = current.kind, let key = FootnoteResolver.key(note.label) {
                    definitions.append(
                        Definition(key: key, id: current.id, label: note.label, start: current.range.lowerBound))
                    keys.append(key)
                }
                continue
            }
            current.forEachReference { reference in
                guard let key = FootnoteResolver.key(reference.source) else { return occurrences.append(0) }
                let count = (counts[key] ?? below[key] ?? 0) + 1
                if count == 1 { firstOrder.append(key) }
                counts[key] = count
                occurrences.append(count)
                keys.append(key)
            }
            stack.append((current, true))
            for child in current.children.reversed() where sites.holds(child.range) {
                stack.append((child, false))
            }
        }
        return occurrences
    }
}
