import StreamMark

/// The column layout of a table, decided by the table from all its rows.
public struct TableLayout: Hashable, Sendable {
    /// The width of each column's content (padding and borders excluded).
    public var columnWidths: [Int]
    /// The alignment of each column.
    public var alignments: [TableAlignment]

    /// Creates a layout.
    public init(columnWidths: [Int], alignments: [TableAlignment]) {
        self.columnWidths = columnWidths
        self.alignments = alignments
    }
}
