extension TableBuilder {
    /// The texts handed to the inline parser for one row: one per column,
    /// empty for a missing cell (cells past the header's count are dropped).
    static func texts(of cells: [TableRowScanner.Cell], columns: Int) -> [[UInt8]] {
        (0..<columns).map { $0 < cells.count ? cells[$0].text : [] }
    }

    /// The substitution for one table's texts: escaped tildes kept apart
    /// from delimiters, and escapes in URL-shaped words from autolinks, by
    /// stand-ins (see `EscapedTilde`), with strikethrough or autolinks on,
    /// unless the text already holds the stand-ins; math replaced by
    /// stand-ins (see `MathStandIns`) with math on; footnote references
    /// replaced by stand-ins (see `FootnoteStandIns`) with footnotes on and
    /// `[^` in the texts, except the candidates `skipped` (by ordinal); and
    /// the texts' autolinks holding a tilde (``AngleAutolinks``) with
    /// strikethrough on.
    func substitution(_ cellTexts: [[UInt8]], paragraph: [UInt8]?, skipped: Set<Int> = []) -> CellSubstitution {
        let escapes =
            (walker.extensions.contains(.strikethrough) || walker.extensions.contains(.autolink))
            && !cellTexts.contains(where: EscapedTilde.holdsStandIns)
            && !(paragraph.map(EscapedTilde.holdsStandIns) ?? false)
        let footnotes =
            walker.extensions.contains(.footnotes)
            && (cellTexts.contains(where: FootnoteStandIns.mayHold) || paragraph.map(FootnoteStandIns.mayHold) == true)
        var substitution = CellSubstitution(
            escapes: escapes, urls: walker.extensions.contains(.autolink),
            math: walker.extensions.contains(.math) ? MathStandIns() : nil,
            footnotes: footnotes
                ? FootnoteStandIns(
                    skipped: skipped, isLinkLabel: walker.cells.definesLinkLabel,
                    looksUpPlainLabels: walker.cells.definesCaretLabels, quotesAreDelimiters: walker.cells.smart)
                : nil,
            isLinkLabel: walker.cells.definesLinkLabel
        )
        if walker.extensions.contains(.strikethrough) {
            var autolinks = AngleAutolinks()
            for text in cellTexts + (paragraph.map { [$0] } ?? []) {
                text.withUnsafeBufferPointer { autolinks.add($0) }
            }
            substitution.angleAutolinks = autolinks.isEmpty ? nil : autolinks
        }
        return substitution
    }

    /// The cells of one row (header or body) on `line`, taking their parsed
    /// inlines from the front of `inlines`, one per column. A missing cell
    /// is empty and sits at the end of the line.
    func cells(
        _ line: SourceLine, _ scanned: [TableRowScanner.Cell], columns: Int, inlines: inout ArraySlice<[Inline]>,
        standIns: CellSubstitution
    ) -> [TableCell] {
        (0..<columns).map { column in
            let parsed = standIns.restored(inlines.popFirst() ?? [], walker: walker)
            guard column < scanned.count else { return TableCell(inlines: parsed, range: line.end..<line.end) }
            let range = scanned[column].range
            let start = Self.rowStart(line)
            return TableCell(inlines: parsed, range: start + range.lowerBound..<start + range.upperBound)
        }
    }

    /// The body row on `line`, identified by where its content starts.
    func row(
        _ line: SourceLine, _ scanned: [TableRowScanner.Cell], columns: Int, inlines: inout ArraySlice<[Inline]>,
        standIns: CellSubstitution
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
    /// stand-ins, which apply to the whole table, would change the header),
    /// or `[^` with footnotes on.
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
            !EscapedTilde.holdsStandIns(bytes),
            // Footnote references may need a second parse of the table.
            !(walker.extensions.contains(.footnotes) && FootnoteStandIns.mayHold(bytes))
        else { return nil }
        let columns = header.count
        var standIns = substitution(header.map(\.text), paragraph: nil)
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
            kept[column] != nil ? [] : standIns.applied(to: text)
        }
        var inlines = walker.cells.reparse(paragraph: nil, cells: texts, remainder: nil).cells[...]
        var cells = cells(line, scanned, columns: columns, inlines: &inlines, standIns: standIns)
        for (column, cell) in kept.enumerated() where cell != nil { cells[column] = cell! }
        return (Self.row(on: line, cells: cells), texts.reduce(0) { $0 + $1.count })
    }
}
