import StreamMark

/// Where a block is laid out: the layout parameters a parent passes to a
/// child, part of the render cache's key.
public struct TerminalContext: Hashable, Sendable {
    /// The columns available to the block.
    public var width: Int
    /// The number of lists the block is nested in (picks the bullet).
    public var listDepth: Int
    /// Whether the block is inside a tight list item (no blank lines between
    /// its children).
    public var tight: Bool
    /// For a table row: the column widths and alignments of its table.
    public var table: TableLayout?

    /// Creates a context.
    public init(width: Int, listDepth: Int = 0, tight: Bool = false, table: TableLayout? = nil) {
        self.width = max(1, width)
        self.listDepth = listDepth
        self.tight = tight
        self.table = table
    }
}
