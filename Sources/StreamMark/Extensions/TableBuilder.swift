/// Turns a paragraph (or setext heading) whose lines contain a header row
/// followed by a delimiter row into a table, as cmark-gfm's table extension
/// does while it parses line by line.
///
/// Lines before the header row stay a paragraph with the original id; the
/// table takes the id of its header line; body rows take the ids of their
/// lines. Lines after the table that cmark-gfm would parse as other blocks
/// (an indented code block, an HTML block, a list item that cannot
/// interrupt a paragraph, the `---` underline of a setext heading) are
/// re-parsed with cmark in the same container.
struct TableBuilder {
    /// The walker whose text, options and cell parser the builder uses.
    let walker: ExtensionWalker

    private var text: UnsafeBufferPointer<UInt8> { walker.text }

    /// Where the bytes cmark-gfm scans for a line start: at its first
    /// non-space byte, but for a lazy line right after the prefixes it
    /// has (cmark adds a lazy continuation line to the paragraph without
    /// skipping its indentation, and the header row is read from the
    /// paragraph's content: ` |` there is a row of one empty cell).
    static func rowStart(_ line: SourceLine) -> Int {
        line.lazy ? line.containerEnd : line.contentStart
    }

    /// The bytes cmark-gfm scans for a line: from ``rowStart(_:)``, then
    /// `\n`. cmark-gfm hands its parser each line without its ending and
    /// appends `\n`, so a line ended by `\r` (or by nothing) scans as one
    /// ended by `\n`.
    func rowBytes(_ line: SourceLine) -> [UInt8] {
        var bytes = Array(text[Self.rowStart(line)..<line.end])
        bytes.append(0x0A)
        return bytes
    }

    /// The lines of a paragraph or setext heading (up to its underline) and
    /// the underline character, or `nil` for a heading without one.
    private func blockLines(_ block: Block, setextHeading: Bool, prefixes: [LinePrefix])
        -> (lines: [SourceLine], underline: UInt8?)?
    {
        var all = walker.lines.lines(of: block.range, prefixes: prefixes)
        guard setextHeading else { return (all, nil) }
        // cmark's range of a setext heading may run into the next line:
        // the heading ends at its underline.
        guard let underline = all.indices.dropFirst().first(where: { setextUnderline(all[$0]) != nil }) else {
            return nil
        }
        let mark = setextUnderline(all[underline])
        all.removeSubrange((underline + 1)...)
        return (all, mark)
    }

    /// Whether `follower` starts on the line right after `line`.
    private func isAdjacent(_ follower: Block, after line: SourceLine) -> Bool {
        line.endingLength > 0 && walker.lines.lineStart(of: follower.range.lowerBound) == line.end + line.endingLength
    }

    /// The blocks replacing `block` (and the first `consumed` of
    /// `followers`), or `nil` if it holds no table.
    ///
    /// Followers are the next sibling blocks; one is consumed only when it
    /// starts on the very next line (no blank line between), where cmark
    /// ended a block that cmark-gfm continues: a table running on after the
    /// `===` underline of a setext heading, or lines after a table that
    /// cmark-gfm parses together with the next block (a list item).
    ///
    /// - Complexity: O(length of the block's lines) plus one cmark parse of
    ///   the cells when a table is found.
    /// - Parameter firstLineStart: where the block's text really starts on
    ///   its first line (after a task-list marker), if not at its start.
    func tables(
        in block: Block, setextHeading: Bool, prefixes chain: PrefixChain, firstLineStart: Int? = nil,
        followers: ArraySlice<Block> = []
    ) -> (blocks: [Block], consumed: Int)? {
        guard Self.mayHoldDelimiterRow(text, block.range) else { return nil }
        let prefixes = chain.array
        guard var (all, setext) = blockLines(block, setextHeading: setextHeading, prefixes: prefixes) else {
            return nil
        }
        if let firstLineStart {
            if firstLineStart >= all[0].end {
                all.removeFirst()
                guard !all.isEmpty else { return nil }
                all[0].lazy = false
            } else {
                all[0].contentStart = firstLineStart
            }
        }
        // For a setext heading, the underline is the last line: never a
        // delimiter row (cmark-gfm reads it as a heading underline first).
        let candidates = setext == nil ? all.count : all.count - 1
        guard candidates >= 2 else { return nil }
        var header: [TableRowScanner.Cell]?
        var delimiter: [TableRowScanner.Cell]?
        var headerIndex = -1
        // Lines 0..<scanned all scan as rows (checked lazily, once each).
        var scanned = 0
        var broken = false
        // Where the paragraph's content starts: a setext underline inside a
        // paragraph means all lines before it were link reference
        // definitions, which cmark (0.29 and 0.30) took out of the content
        // right there; the underline line then starts the content.
        var base = 0
        for k in 1..<candidates {
            let line = all[k]
            if line.lazy || line.indent >= 4 { continue }
            if setextUnderline(line) != nil {
                base = k
                scanned = k
                broken = false
                continue
            }
            let scanner = TableRowScanner(bytes: rowBytes(line))
            guard scanner.isDelimiterRow(), let delimiterCells = scanner.row() else { continue }
            // The paragraph so far must scan as rows; its last line is the header.
            while !broken, scanned < k - 1 {
                if TableRowScanner(bytes: rowBytes(all[scanned])).scansAsRow() { scanned += 1 } else { broken = true }
            }
            let headerCells = broken ? nil : TableRowScanner(bytes: rowBytes(all[k - 1])).row()
            if let headerCells, headerCells.count == delimiterCells.count {
                header = headerCells
                delimiter = delimiterCells
                headerIndex = k - 1
                break
            }
            // Otherwise the next delimiter row tries again (cmark-gfm 0.29.0.gfm.6
            // has no "visited" flag).
        }
        guard let header, let delimiter else { return nil }
        // A paragraph that begins with a definition: cmark read it (and
        // those after it), cmark-gfm reads the lines as text.
        if base == 0, all[0].contentStart < all[0].end, text[all[0].contentStart] == UInt8(ascii: "[") {
            walker.unread.record(all[0].contentStart)
        }

        // Body rows, continuing into adjacent followers after a `===` underline.
        var consumed = 0
        var rows: [(SourceLine, [TableRowScanner.Cell])] = []
        var next = headerIndex + 2
        while true {
            while next < all.count {
                let line = all[next]
                if line.lazy || line.indent >= 4 || isThematicBreak(line) { break }
                let bytes = rowBytes(line)
                if BlockStartScanner(bytes: bytes).startsBlockInTable() { break }
                guard let cells = TableRowScanner(bytes: bytes).row() else { break }
                rows.append((line, cells))
                next += 1
            }
            // Past a `=` or `--` underline (a row for cmark-gfm), the table
            // runs on into the block cmark began on the next line.
            guard next == all.count, setext != nil else { break }
            let rest = followers[(followers.startIndex + consumed)...]
            guard let follower = rest.first, isAdjacent(follower, after: all[all.count - 1]),
                ExtensionWalker.isSetextHeading(follower, in: text) || Self.isParagraph(follower),
                let (more, mark) = blockLines(
                    follower, setextHeading: ExtensionWalker.isSetextHeading(follower, in: text), prefixes: prefixes)
            else {
                recordDefinition(after: all[all.count - 1], prefixes: prefixes, followers: rest)
                break
            }
            // cmark read a paragraph after the `=` row, where a definition
            // defines; cmark-gfm's table takes its lines as rows.
            if more[0].contentStart < more[0].end, text[more[0].contentStart] == UInt8(ascii: "[") {
                walker.unread.record(more[0].contentStart)
            }
            all.append(contentsOf: more)
            setext = mark
            consumed += 1
        }
        // A line missing some of the containers' prefixes closes those in
        // cmark-gfm: the rest is parsed again in the last container it has.
        var escaping = false
        let lazy = next < all.count && !prefixes.isEmpty ? lazyLines(all, remainderStart: next) : LazyLines()
        if let leaving = lazy.leaving {
            walker.escape.offset = all[leaving].lineStart
            walker.escape.depth = all[leaving].matched
            escaping = true
            all.removeSubrange(leaving...)
            consumed = followers.count
        }
        // Lines after the table are parsed again, with the next blocks as
        // long as cmark-gfm parses them together (one list, an HTML block
        // or indented code running on).
        if !escaping, next < all.count, consumed < followers.count {
            let joined = joiningFollowers(
                all, remainderStart: next, followers: followers[(followers.startIndex + consumed)...],
                prefixes: prefixes)
            all.append(contentsOf: joined.lines)
            consumed += joined.count
            if joined.count > 0 { walker.escape.regroupings += 1 }
        }
        // The rest ends the container: a fence it leaves open holds the
        // blank lines after it, as in cmark-gfm's parse (`2. e` / `   -|-`
        // / `x|y` / `   ```` / blank).
        if !escaping, next < all.count, consumed == followers.count {
            all.append(contentsOf: walker.lines.blankLines(after: all[all.count - 1], prefixes: prefixes))
        }

        // One cmark parse for the paragraph before, the cells, and the rest.
        let columns = header.count
        var cellTexts: [[UInt8]] = header.map(\.text)
        for (_, cells) in rows { cellTexts.append(contentsOf: Self.texts(of: cells, columns: columns)) }
        let paragraphText: [UInt8]? = headerIndex > base ? precedingParagraph(all[base..<headerIndex]) : nil
        let remainder =
            next < all.count ? Remainder(lines: all[next...], text: text, continuations: lazy.continuing) : nil
        // Footnote candidates cmark made links of are parsed again as
        // written (see `FootnoteStandIns.retries(in:)`).
        var skipped: Set<Int> = []
        var standIns: CellSubstitution
        var parsed: CellInlineParser.Reparsed
        var round = 0
        repeat {
            standIns = substitution(cellTexts, paragraph: paragraphText, skipped: skipped)
            let substitutedCells = cellTexts.map { standIns.applied(to: $0) }
            let substitutedParagraph = paragraphText.map { standIns.applied(to: $0) }
            parsed = walker.cells.reparse(
                paragraph: substitutedParagraph, cells: substitutedCells, remainder: remainder,
                start: block.range.lowerBound)
            guard standIns.footnotes != nil, round < 2 else { break }
            var retries = standIns.retries(in: parsed.paragraph)
            for cell in parsed.cells { retries.formUnion(standIns.retries(in: cell)) }
            retries.subtract(skipped)
            if retries.isEmpty { break }
            skipped.formUnion(retries)
            round += 1
        } while true

        var result: [Block] = []
        if headerIndex > base {
            let end = all[headerIndex - 1].end
            result.append(
                Block(
                    id: block.id,
                    kind: .paragraph(inlines: standIns.restored(parsed.paragraph, walker: walker)),
                    range: block.range.lowerBound..<end))
        }
        let headerLine = all[headerIndex]
        var cellInlines = parsed.cells[...]
        let headerCells = self.cells(headerLine, header, columns: columns, inlines: &cellInlines, standIns: standIns)
        let alignments = delimiter.map { cell -> TableAlignment in
            let left = cell.text.first == UInt8(ascii: ":")
            let right = cell.text.last == UInt8(ascii: ":")
            return left && right ? .center : left ? .left : right ? .right : .none
        }
        let children = rows.map { line, cells in
            row(line, cells, columns: columns, inlines: &cellInlines, standIns: standIns)
        }
        let tableEnd = rows.last?.0.end ?? all[headerIndex + 1].end
        result.append(
            Block(
                id: headerIndex == base ? block.id : .source(headerLine.contentStart),
                kind: .table(TableAttributes(alignments: alignments, header: headerCells)),
                range: (headerIndex == base ? block.range.lowerBound : headerLine.contentStart)..<tableEnd,
                children: children))
        if let remainder {
            // cmark read the lines as the paragraph's text, where no
            // definition starts; cmark-gfm reads the definitions among them.
            walker.recordDefinitions(of: Array(all[next...]), remainder, before: parsed.remainder.last)
            // cmark ended the re-parsed blocks at the blank lines that
            // follow them in the buffer.
            let blocks = Remainder.documentEnds(
                of: parsed.remainder, last: all[all.count - 1], lines: walker.lines, prefixes: prefixes)
            result.append(contentsOf: walker.transform(blocks, prefixes: chain))
        }
        return (result, consumed)
    }

    /// What the lines after a table that miss a container's prefix (lazy
    /// lines: cmark read them as the table paragraph's text) do in
    /// cmark-gfm.
    struct LazyLines {
        /// Runs of lazy lines that continue the paragraph the lines before
        /// them end with, each with an indentation that keeps its lines
        /// from starting a block in the containers those lines open (four
        /// columns past the paragraph's start: `> 10. e` / `    - t` is
        /// `e`'s text, no nested list).
        var continuing: [Remainder.Continuation] = []
        /// The index of the first lazy line that leaves the containers.
        var leaving: Int?
    }

    /// How many runs of lazy lines after a table are checked (a parse
    /// each); later ones are taken as cmark took them. A bound on hostile
    /// text, far above what documents hold.
    static let checkedLazyRuns = 8

    /// The lazy lines after the table (from `remainderStart`): a lazy line
    /// right after the table leaves the containers; a later run of them
    /// continues the paragraph the lines before it end with, parsed as
    /// cmark-gfm parses them, and leaves them if they end with another
    /// block (`2.` / `   a|b` / `   -|-` / `       ;` / `|`: `;` is code,
    /// which takes no lazy line).
    ///
    /// - Complexity: O(lines); one cmark parse of the lines before each
    ///   of the first ``checkedLazyRuns`` runs that does not follow the
    ///   table.
    private func lazyLines(_ all: [SourceLine], remainderStart: Int) -> LazyLines {
        var result = LazyLines()
        var index = remainderStart
        while let lazy = all[index...].firstIndex(where: \.lazy) {
            guard lazy > remainderStart else {
                result.leaving = lazy
                break
            }
            guard result.continuing.count < Self.checkedLazyRuns else { break }
            let lines = Remainder(lines: all[remainderStart..<lazy], text: text, continuations: result.continuing)
            guard let indent = continuationIndent(all, lazy: lazy, remainderStart: remainderStart, lines) else {
                result.leaving = lazy
                break
            }
            index = all[lazy...].firstIndex { !$0.lazy } ?? all.count
            result.continuing.append(
                Remainder.Continuation(lineStarts: all[lazy].lineStart...all[index - 1].lineStart, indent: indent))
            if index == all.count { break }
        }
        return result
    }

    /// The indentation for lazy line `lazy` if the lines before it (from
    /// `remainderStart`, written as `lines`) end in a paragraph, parsed as
    /// cmark-gfm parses them; `nil` if they end in another block.
    private func continuationIndent(_ all: [SourceLine], lazy: Int, remainderStart: Int, _ lines: Remainder) -> Int? {
        let blocks = walker.cells.reparse(paragraph: nil, cells: [], remainder: lines).remainder
        var last = blocks.last
        while let child = last?.children.last { last = child }
        guard let last, case .paragraph = last.kind, last.range.upperBound >= all[lazy - 1].end,
            let first = all[remainderStart..<lazy].last(where: { $0.lineStart <= last.range.lowerBound })
        else { return nil }
        // Columns from the container prefixes to the paragraph, a tab as
        // four: more than cmark counts is as good.
        var columns = 0
        for offset in first.containerEnd..<max(first.containerEnd, last.range.lowerBound) {
            columns += text[offset] == 0x09 ? 4 : 1
        }
        return columns + 4
    }

    /// How many of `followers` (the blocks after the table's paragraph, in
    /// order) cmark-gfm parses together with the lines after the table
    /// (`all[remainderStart...]`), and the lines to add to them.
    ///
    /// cmark parsed those lines as part of the paragraph; cmark-gfm, which
    /// ended the table there, parses them as blocks of their own, and they
    /// may take in the blocks after them: an HTML block of kind 7 runs on
    /// to a blank line, indented code across blank lines, a list item takes
    /// the indented paragraphs and the items of its kind that follow. The
    /// two parses agree again from the first follower that starts a block
    /// of the re-parse (they are then in the same state: only the
    /// container open), and from there on at every later follower, so the
    /// first such follower is found by probing followers 0, 1, 3, 7, …:
    /// each probe parses the lines up to the follower's first line.
    ///
    /// - Complexity: O(length of the lines taken) cmark work, about twice.
    private func joiningFollowers(
        _ all: [SourceLine], remainderStart: Int, followers: ArraySlice<Block>, prefixes: [LinePrefix]
    ) -> (lines: [SourceLine], count: Int) {
        var extra: [SourceLine] = []
        var lineStart = all[all.count - 1].end + all[all.count - 1].endingLength
        /// Appends the lines from `lineStart` up to `end` (exclusive) to `extra`.
        func take(upTo end: Int) {
            while lineStart < end {
                let line = walker.lines.strip(lineStart: lineStart, prefixes: prefixes)
                extra.append(line)
                guard line.endingLength > 0 else {
                    lineStart = end
                    break
                }
                lineStart = line.end + line.endingLength
            }
        }
        guard all[all.count - 1].endingLength > 0 else { return ([], 0) }
        var probe = 0
        while probe < followers.count {
            let follower = followers[followers.startIndex + probe]
            let firstLine = walker.lines.lineStart(of: follower.range.lowerBound)
            take(upTo: firstLine)
            let lines = all[remainderStart...] + extra + [walker.lines.strip(lineStart: firstLine, prefixes: prefixes)]
            let parsed = walker.cells.reparse(
                paragraph: nil, cells: [], remainder: Remainder(lines: lines[...], text: text))
            if parsed.remainder.contains(where: { $0.range.lowerBound == follower.range.lowerBound }) {
                return (extra, probe)
            }
            probe = probe == followers.count - 1 ? followers.count : min(2 * probe + 1, followers.count - 1)
        }
        // Every follower joins: take the last one's lines too, at least
        // its first (cmark's range of an HTML block may be empty).
        let last = followers[followers.endIndex - 1]
        var end = max(last.range.upperBound, last.range.lowerBound + 1)
        if ExtensionWalker.isSetextHeading(last, in: text),
            let (lines, _) = blockLines(last, setextHeading: true, prefixes: prefixes), let underline = lines.last
        {
            // cmark's range of a setext heading may run into the next line.
            end = underline.end
        }
        if case .codeBlock(let code) = last.kind, code.fenced {
            end = min(end, firstLineLeaving(from: last.range.lowerBound, to: end, prefixes: prefixes))
        }
        take(upTo: end)
        return (extra, followers.count)
    }

    /// The start of the first line after the one holding `start`, before
    /// `end`, that misses a container prefix, other than a blank line
    /// missing only list items' (`end` if none; a blank line without `>`
    /// closes a quote). cmark ends an open fence on the line that closes its
    /// containers and its range runs over that line (`1. a|b` / `   -|-`
    /// / `   <a>` / `   ```` / blank / `z`); the line is not the fence's.
    private func firstLineLeaving(from start: Int, to end: Int, prefixes: [LinePrefix]) -> Int {
        var first = walker.lines.strip(lineStart: walker.lines.lineStart(of: start), prefixes: prefixes)
        while first.endingLength > 0, first.end + first.endingLength < end {
            let line = walker.lines.strip(lineStart: first.end + first.endingLength, prefixes: prefixes)
            if line.lazy, !SourceLines.isBlank(line, inside: prefixes) { return line.lineStart }
            first = line
        }
        return end
    }

    private static func isParagraph(_ block: Block) -> Bool {
        if case .paragraph = block.kind { true } else { false }
    }

    /// Records the line after a table's `=` row when it begins with `[` and
    /// no block starts there: cmark read it as a definition in a paragraph
    /// of its own (`h` / `:-:` / `=` / `[x]: /u`), which left no block;
    /// cmark-gfm's table takes it as a row. The parse without it
    /// (``UnreadDefinitions``) gives it a paragraph, which the table takes.
    private func recordDefinition(after line: SourceLine, prefixes: [LinePrefix], followers: ArraySlice<Block>) {
        let start = line.end + line.endingLength
        guard line.endingLength > 0, start < text.count,
            followers.first.map({ walker.lines.lineStart(of: $0.range.lowerBound) != start }) ?? true
        else { return }
        let next = walker.lines.strip(lineStart: start, prefixes: prefixes)
        guard !next.lazy, next.indent < 4, next.contentStart < next.end,
            text[next.contentStart] == UInt8(ascii: "[")
        else { return }
        walker.unread.record(next.contentStart)
    }

    /// `=` or `-` if the line is a setext heading underline.
    private func setextUnderline(_ line: SourceLine) -> UInt8? {
        guard !line.lazy, line.indent < 4, line.contentStart < line.end else { return nil }
        let mark = text[line.contentStart]
        guard mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else { return nil }
        var i = line.contentStart
        while i < line.end, text[i] == mark { i += 1 }
        while i < line.end, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        return i == line.end ? mark : nil
    }

    /// Whether a line is a setext underline of three or more `-`: a
    /// thematic break, which ends a table; cmark-gfm's table takes a `=`
    /// underline or one of one or two `-` as a row.
    private func isThematicBreak(_ line: SourceLine) -> Bool {
        guard setextUnderline(line) == UInt8(ascii: "-") else { return false }
        return text[line.contentStart..<line.end].lazy.filter { $0 == UInt8(ascii: "-") }.count >= 3
    }

    /// The paragraph content before the header row as cmark-gfm keeps it:
    /// the lines (prefixes and indentation stripped), `\|` unescaped,
    /// trimmed.
    private func precedingParagraph(_ lines: ArraySlice<SourceLine>) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: text[line.contentStart..<line.end])
            bytes.append(contentsOf: text[line.end..<line.end + line.endingLength])
        }
        var content = TableRowScanner.unescapingPipes(bytes[...])
        while let last = content.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D {
            content.removeLast()
        }
        return content
    }
}

extension TableBuilder {
    /// Whether a line of `range` after its first (or the line after it)
    /// could be a delimiter row: after container prefixes (spaces, tabs,
    /// `>`), only `|`, `-`, `:`, spaces and tabs, with a `-` and a `|` or
    /// `:`. Without one there is no table, and most paragraphs need no
    /// further look (this runs on every paragraph of every parse).
    ///
    /// - Complexity: O(range.count), no allocation.
    static func mayHoldDelimiterRow(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        // Skip the first line: a delimiter row follows its header.
        while i < text.count, text[i] != 0x0A, text[i] != 0x0D { i += 1 }
        var linesAfterEnd = 0
        while i < text.count {
            while i < text.count, text[i] == 0x0A || text[i] == 0x0D { i += 1 }
            if i >= range.upperBound {
                linesAfterEnd += 1
                if linesAfterEnd > 1 { return false }
            }
            while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == UInt8(ascii: ">") { i += 1 }
            var dash = false
            var pipeOrColon = false
            var other = false
            while i < text.count, text[i] != 0x0A, text[i] != 0x0D {
                switch text[i] {
                case UInt8(ascii: "-"): dash = true
                case UInt8(ascii: "|"), UInt8(ascii: ":"): pipeOrColon = true
                case 0x20, 0x09: break
                default: other = true
                }
                i += 1
            }
            if dash && pipeOrColon && !other { return true }
        }
        return false
    }
}
