/// The window inside an open top-level table: its header and delimiter
/// rows (the stub) followed by its last row. Every row but the last is
/// closed: a row is one line, and the lines after it cannot change it.
struct TableWindow: NestedWindow {
    /// The table's header and delimiter lines.
    var header: Range<Int>
    /// Rows frozen before the window.
    var frozenRows: Int

    var stub: Range<Int>? { header }
    var frozenChildren: Int { frozenRows }

    func accepts(_ window: [Block], container: Block, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .table(let old) = container.kind, let first = window.first, case .table(let new) = first.kind,
            old == new, first.range.lowerBound == container.range.lowerBound, frozenRows < container.children.count
        else { return false }
        return first.children.first?.range.lowerBound == container.children[frozenRows].range.lowerBound
    }

    func graft(_ window: Block, into table: inout Block, text: UnsafeBufferPointer<UInt8>) -> Int? {
        table.graftChildren(of: window, from: frozenRows)
        return nil
    }
}
