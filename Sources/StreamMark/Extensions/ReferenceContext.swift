/// The lines of a text that may take part in link reference definitions,
/// in groups, indexed by the labels each group may define.
///
/// Table cells (and the text cmark-gfm parses again around a table) are
/// parsed by a second cmark run, with the document's definitions appended
/// so that their references resolve. A long document has many
/// definitions and many tables; appending every definition to every table's
/// parse made the one-shot parse O(tables × definitions). With this index a
/// parse takes along only the groups that may define a label its own text
/// may use (``ReferenceKeys`` over-approximates both sides, never missing
/// one), in document order, so the first definition of a label still wins.
///
/// Groups are independent: ``CellInlineParser/referenceLines(of:outside:)``
/// separates them by blank lines, starts each at the margin (reaching back
/// from an indented line to the line at the margin its list item began on)
/// and closes a fence a group opens. After a blank line, a line at the
/// margin continues no paragraph, list item or quote, so a group parses the
/// same alone as after the groups before it.
struct ReferenceContext: Sendable {
    /// The groups, in document order.
    let groups: [[UInt8]]
    /// Label key → indices of the groups that may define it, ascending.
    private var definers: [String: [Int]] = [:]

    /// Indexes `groups` (from ``CellInlineParser/referenceLines(of:outside:)``).
    ///
    /// - Complexity: O(bytes of the groups).
    init(groups: [[UInt8]]) {
        self.groups = groups
        for (index, group) in groups.enumerated() {
            let keys = group.withUnsafeBufferPointer { ReferenceKeys.definitions(in: $0, 0..<$0.count) }
            for key in keys { definers[key, default: []].append(index) }
        }
    }

    /// Whether a group may define the label whose key
    /// (``ReferenceKeys/key(_:_:)``) is `key`.
    func mayDefine(key: String) -> Bool { definers[key] != nil }

    /// The groups that may define a label used in `pieces`, in document
    /// order, separated by blank lines; empty if none.
    ///
    /// - Complexity: O(bytes of `pieces`) plus the groups returned.
    func lines(usedBy pieces: [[UInt8]]) -> [UInt8] {
        guard !definers.isEmpty else { return [] }
        var chosen: Set<Int> = []
        for piece in pieces where piece.contains(UInt8(ascii: "[")) {
            let keys = piece.withUnsafeBufferPointer { ReferenceKeys.references(in: $0, 0..<$0.count) }
            for key in keys { chosen.formUnion(definers[key] ?? []) }
        }
        var result: [UInt8] = []
        for index in chosen.sorted() {
            if !result.isEmpty { result.append(contentsOf: [0x0A, 0x0A]) }
            result.append(contentsOf: groups[index])
        }
        return result
    }
}
