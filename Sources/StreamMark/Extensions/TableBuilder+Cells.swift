extension TableBuilder {
    /// The texts handed to the inline parser for one row: one per column,
    /// empty for a missing cell (cells past the header's count are dropped).
    static func texts(of cells: [TableRowScanner.Cell], columns: Int) -> [[UInt8]] {
        (0..<columns).map { $0 < cells.count ? cells[$0].text : [] }
    }

    /// Whether escaped tildes are kept apart from delimiters, and escapes in
    /// URL-shaped words from autolinks, by stand-ins (see `EscapedTilde`):
    /// with strikethrough or autolinks on, unless the text already holds
    /// the stand-ins.
    func usesStandIns(_ cellTexts: [[UInt8]], paragraph: [UInt8]?) -> Bool {
        (walker.extensions.contains(.strikethrough) || walker.extensions.contains(.autolink))
            && !cellTexts.contains(where: EscapedTilde.holdsStandIns)
            && !(paragraph.map(EscapedTilde.holdsStandIns) ?? false)
    }

    /// A cell or paragraph text with its stand-ins in place.
    func substituted(_ text: [UInt8]) -> [UInt8] {
        EscapedTilde.substituted(text, urls: walker.extensions.contains(.autolink))
    }

    /// Parsed inlines with the inline extensions applied (and stand-ins
    /// restored).
    func extensions(_ inlines: [Inline], standIns: Bool) -> [Inline] {
        standIns
            ? EscapedTilde.restored(walker.inlineExtensions(inlines, escapes: true))
            : walker.inlineExtensions(inlines)
    }

    /// The cells of one row (header or body) on `line`, taking their parsed
    /// inlines from the front of `inlines`, one per column. A missing cell
    /// is empty and sits at the end of the line.
    func cells(
        _ line: SourceLine, _ scanned: [TableRowScanner.Cell], columns: Int, inlines: inout ArraySlice<[Inline]>,
        standIns: Bool
    ) -> [TableCell] {
        (0..<columns).map { column in
            let parsed = extensions(inlines.popFirst() ?? [], standIns: standIns)
            guard column < scanned.count else { return TableCell(inlines: parsed, range: line.end..<line.end) }
            let range = scanned[column].range
            let start = Self.rowStart(line)
            return TableCell(inlines: parsed, range: start + range.lowerBound..<start + range.upperBound)
        }
    }

    /// The body row on `line`, identified by where its content starts.
    func row(
        _ line: SourceLine, _ scanned: [TableRowScanner.Cell], columns: Int, inlines: inout ArraySlice<[Inline]>,
        standIns: Bool
    ) -> Block {
        Self.row(on: line, cells: cells(line, scanned, columns: columns, inlines: &inlines, standIns: standIns))
    }

    private static func row(on line: SourceLine, cells: [TableCell]) -> Block {
        Block(id: .source(line.contentStart), kind: .tableRow(cells: cells), range: line.contentStart..<line.end)
    }

    /// The last body row of a top-level table whose header row is on
    /// `headerLine`, built from the row's own line: what ``tables(in:setextHeading:prefixes:firstLineStart:followers:)``
    /// makes of that line when the table's lines are parsed with it, if
    /// the line continues the table's paragraph for cmark (the caller
    /// checks that) and scans as a row. `nil` if it does not, or if the
    /// line holds a stand-in character (see `EscapedTilde`: then the
    /// stand-ins, which apply to the whole table, would change the header).
    ///
    /// A cell of `previous` (the row's cells before its line grew) whose
    /// range is unchanged keeps its inlines: each cell is parsed on its own
    /// with the same definitions in scope, so only the cells the new bytes
    /// reach are parsed.
    ///
    /// - Returns: the row, and the bytes of the cell texts handed to the
    ///   parser.
    /// - Complexity: O(header line + row line), one cmark parse of the
    ///   changed cells that are not plain text.
    func lastRow(_ line: SourceLine, headerLine: SourceLine, previous: [TableCell]) -> (row: Block, parsed: Int)? {
        let bytes = rowBytes(line)
        guard !BlockStartScanner(bytes: bytes).startsBlockInTable(), let scanned = TableRowScanner(bytes: bytes).row(),
            let header = TableRowScanner(bytes: rowBytes(headerLine)).row(),
            !EscapedTilde.holdsStandIns(bytes)
        else { return nil }
        let columns = header.count
        let standIns = usesStandIns(header.map(\.text), paragraph: nil)
        // Columns whose cell kept its range keep their inlines; the others
        // (and the empty cells of missing columns) are parsed.
        let kept = (0..<columns).map { column -> TableCell? in
            guard column < scanned.count, column < previous.count, !scanned[column].range.isEmpty else { return nil }
            let range = scanned[column].range
            let cell = previous[column]
            return cell.range == line.contentStart + range.lowerBound..<line.contentStart + range.upperBound
                ? cell : nil
        }
        let texts = Self.texts(of: scanned, columns: columns).enumerated().map { column, text in
            kept[column] != nil ? [] : standIns ? substituted(text) : text
        }
        var inlines = walker.cells.reparse(paragraph: nil, cells: texts, remainder: nil).cells[...]
        var cells = cells(line, scanned, columns: columns, inlines: &inlines, standIns: standIns)
        for (column, cell) in kept.enumerated() where cell != nil { cells[column] = cell! }
        return (Self.row(on: line, cells: cells), texts.reduce(0) { $0 + $1.count })
    }
}
