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

    /// Where the rows of the window from `start` (where it begins) that
    /// can define no label end. cmark, which knows no tables, reads the
    /// header, the delimiter row and the rows after them as one paragraph;
    /// when the stub holds no `]:` that paragraph starts with no
    /// definition, and a continuation line of such a paragraph never is
    /// one (a `[x]: /u|c` row is text). The rows continue it while each of
    /// their lines starts with a byte after which a line can only continue
    /// a paragraph (``continuesParagraph(_:line:)``); what follows the
    /// table's rows (a blank line, definitions after it) is not skipped.
    ///
    /// - Complexity: O(the window's rows).
    func nonDefiningEnd(from start: Int, table: Block, text: UnsafeBufferPointer<UInt8>) -> Int {
        guard !ReferenceKeys.mayDefine(text, header) else { return start }
        var line = start
        while line < table.range.upperBound, Self.continuesParagraph(text, line: line) {
            line = IncrementalEngine.nextLineStart(after: line, in: text)
        }
        return max(start, min(line, text.count))
    }

    /// Whether the line at `start` begins with a byte after which it can
    /// only continue a paragraph: not a space, tab, line ending, digit or
    /// one of `# > - * _ + = ~ <`, nor three backticks. Such a line starts
    /// no block and cannot make the lines before it a heading.
    ///
    /// - Complexity: O(1).
    static func continuesParagraph(_ text: UnsafeBufferPointer<UInt8>, line start: Int) -> Bool {
        guard start < text.count else { return false }
        let first = text[start]
        if first == UInt8(ascii: "`") {
            return !(start + 2 < text.count && text[start + 1] == first && text[start + 2] == first)
        }
        if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") { return false }
        return !Self.blockStartBytes.contains(first)
    }

    /// First bytes of a line that may start a block or underline a heading.
    private static let blockStartBytes = Set("#>-*_+=~< \t\n\r".utf8)
}
