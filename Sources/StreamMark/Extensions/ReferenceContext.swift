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
    /// Where each group begins in the text it was taken from (empty if not
    /// known: then every group counts as after any offset).
    let starts: [Int]
    /// Label key → indices of the groups that may define it, ascending.
    private var definers: [String: [Int]] = [:]

    /// Indexes `groups` (from ``CellInlineParser/referenceLines(of:outside:)``).
    ///
    /// - Complexity: O(bytes of the groups).
    init(groups: [[UInt8]], starts: [Int] = []) {
        self.groups = groups
        self.starts = starts
        for (index, group) in groups.enumerated() {
            let keys = group.withUnsafeBufferPointer { ReferenceKeys.definitions(in: $0, 0..<$0.count) }
            for key in keys { definers[key, default: []].append(index) }
        }
    }

    /// Whether a group may define the label whose key
    /// (``ReferenceKeys/key(_:_:)``) is `key`.
    func mayDefine(key: String) -> Bool { definers[key] != nil }

    /// The groups that may define a label used in `pieces`, in document
    /// order, separated by blank lines: those that begin at or before
    /// `offset` (of the text the groups were taken from) and the rest;
    /// both empty if none.
    ///
    /// - Complexity: O(bytes of `pieces`) plus the groups returned.
    func lines(usedBy pieces: [[UInt8]], splitAt offset: Int? = nil) -> (before: [UInt8], after: [UInt8]) {
        guard !definers.isEmpty else { return ([], []) }
        var chosen: Set<Int> = []
        for piece in pieces where piece.contains(UInt8(ascii: "[")) {
            let keys = piece.withUnsafeBufferPointer { ReferenceKeys.references(in: $0, 0..<$0.count) }
            for key in keys { chosen.formUnion(definers[key] ?? []) }
        }
        var before: [UInt8] = []
        var after: [UInt8] = []
        for index in chosen.sorted() {
            let isBefore = offset.map { index < starts.count && starts[index] <= $0 } ?? false
            if isBefore { Self.append(groups[index], to: &before) } else { Self.append(groups[index], to: &after) }
        }
        return (before, after)
    }

    /// Appends `group` to `lines`, after a blank line if it holds any.
    private static func append(_ group: [UInt8], to lines: inout [UInt8]) {
        if !lines.isEmpty { lines.append(contentsOf: [0x0A, 0x0A]) }
        lines.append(contentsOf: group)
    }
}
