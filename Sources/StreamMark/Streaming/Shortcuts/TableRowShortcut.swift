/// A table's last row growing: rebuilt from its line alone, parsing only
/// the cells the new bytes reach; the table's header and delimiter lines
/// are not parsed again.
///
/// ## Guard
/// The engine is narrowed to the open top-level table (``TableWindow``,
/// the header and delimiter lines as the stub) with only its last row
/// open, on the text's last line, which the new bytes do not end; the
/// window defines no label and stays within ``RefreshSchedule/threshold``
/// (a longer one is left to the schedule, which amortizes it); and
/// - the row's line starts with a byte that starts no block and cannot
///   make the lines before it a heading: not a space, tab, digit or one of
///   `# > - * _ + = ~ <`, nor three backticks. The line then continues the
///   table's paragraph for cmark, and the table's header is found where it
///   was (a delimiter line that is a setext underline made a heading, never
///   a table window);
/// - the line scans as a row and holds no stand-in character
///   (``TableBuilder/lastRow(_:headerLine:previous:)``);
/// - the frozen text in front of the window (the carriers of the labels
///   the row uses) holds no code or HTML block: no run of three backticks
///   or tildes, no `<`, tab or four spaces in a row; and no line that may
///   be a delimiter row (a `-` next to a `|` or `:`), whose table would
///   make the definitions in its paragraph define nothing (a stop-47 fuzz
///   finding). The cells' parser then finds the same definitions in it
///   without cmark's block ranges.
///
/// ## Work
/// The row rebuilt by ``TableBuilder`` from its line, each cell parsed on
/// its own with the same definitions in scope (a cell whose range did not
/// change keeps its inlines), and the diff of the table's open part.
///
/// - Complexity: O(stub + row line + carriers), one cmark parse of the
///   changed cells.
struct TableRowShortcut: AppendShortcut {
    static let name = "table-row"
    static let parses = true

    func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let text = append.text
        guard let window = engine.nested as? TableWindow else { return false }
        let (stub, k, top, windowStart) = (window.header, window.frozenRows, engine.frozenTop, engine.windowStart)
        guard top == root.children.count - 1, root.children[top].children.count == k + 1,
            root.children[top].children[k].range.lowerBound == windowStart, engine.lastLineStart == windowStart,
            stub.count + text.count - windowStart <= RefreshSchedule.threshold, engine.windowDefinesNothing,
            !append.endsLine, TableWindow.continuesParagraph(text, line: windowStart)
        else { return false }
        var context = engine.carrierPrefix(for: windowStart..<text.count, in: text)
        guard !Self.mayHoldLiteralBlock(context), !Self.mayHoldDelimiterRow(context) else { return false }
        context.appendStub(stub, of: text)
        context.append(contentsOf: text[windowStart...])
        let walker = ExtensionLayer.walker(
            text: text, options: engine.options,
            cells: CellInlineParser(context: context, smart: engine.options.smartPunctuation))
        let line = walker.lines.strip(lineStart: windowStart, prefixes: [])
        let headerLine = walker.lines.strip(lineStart: stub.lowerBound, prefixes: [])
        guard case .tableRow(let previous) = root.children[top].children[k].kind,
            let (row, cellBytes) = TableBuilder(walker: walker).lastRow(
                line, headerLine: headerLine, previous: previous)
        else { return false }
        parsed += cellBytes
        engine.work.bytesCopied += context.count
        engine.work.blocksConverted += 1
        let oldView = IncrementalEngine.tailView(root, from: top, skip: k)
        root.children[top].replaceChildren(from: k, with: [row], endingAt: row.range.upperBound)
        engine.appendTailDiff(since: oldView, root: &root, from: top, skip: k, text: text, patches: &patches)
        return true
    }

    /// Whether text may hold a table's delimiter row: a `-` next to a `|`
    /// or `:`.
    private static func mayHoldDelimiterRow(_ bytes: [UInt8]) -> Bool {
        func isEdge(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "|") || byte == UInt8(ascii: ":") }
        let dash = UInt8(ascii: "-")
        return zip(bytes, bytes.dropFirst()).contains { (a, b) in (a == dash && isEdge(b)) || (isEdge(a) && b == dash) }
    }

    /// Whether text may hold a code or HTML block: a run of three backticks
    /// or tildes, a `<`, a tab, or four spaces in a row.
    private static func mayHoldLiteralBlock(_ bytes: [UInt8]) -> Bool {
        var run = (byte: UInt8(0), count: 0)
        for byte in bytes {
            if byte == 0x09 || byte == UInt8(ascii: "<") { return true }
            run = byte == run.byte ? (byte, run.count + 1) : (byte, 1)
            switch byte {
            case UInt8(ascii: "`"), UInt8(ascii: "~"): if run.count == 3 { return true }
            case 0x20: if run.count == 4 { return true }
            default: break
            }
        }
        return false
    }
}
