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

    /// What replaces a block that holds a table.
    struct Replacement {
        /// The paragraph before the table (keeping the block's id), the
        /// table, and the blocks the lines after it make.
        var blocks: [Block]
        /// How many of the followers the table's lines took in.
        var consumed: Int
        /// The first line after the table that has fewer of the
        /// containers' prefixes (cmark-gfm closes the others there), if
        /// one ends the table's rest.
        var leaving: ExtensionWalker.Leaving?
        /// Whether followers were parsed again with the lines after the
        /// table (a regrouping, ``ExtensionWalker/Escape/regroupings``).
        var regrouped = false
    }

    /// The header and delimiter rows found in a block's lines.
    private struct Head {
        var header: [TableRowScanner.Cell]
        var delimiter: [TableRowScanner.Cell]
        /// The index of the header's line.
        var index: Int
        /// The index of the line where the paragraph's content starts:
        /// after definitions that a setext underline inside the paragraph
        /// shows cmark took out of it.
        var base: Int
    }

    /// The lines a table is built from, and where its body ends.
    private struct Body {
        /// The block's lines, then those of the followers the body took in.
        var lines: [SourceLine]
        /// The underline character if the last block is a setext heading.
        var setext: UInt8?
        var rows: [(SourceLine, [TableRowScanner.Cell])] = []
        /// The index of the first line after the body (the rest's first).
        var next = 0
        var consumed = 0
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
    ) -> Replacement? {
        guard Self.mayHoldDelimiterRow(text, block.range) else { return nil }
        let prefixes = chain.array
        guard
            let (all, setext) = candidateLines(
                block, setextHeading: setextHeading, prefixes: prefixes, firstLineStart: firstLineStart),
            let head = head(in: all, setext: setext)
        else { return nil }
        var body = self.body(after: head, lines: all, setext: setext, followers: followers, prefixes: prefixes)
        let rest = self.rest(of: &body, followers: followers, prefixes: prefixes)
        var (blocks, parsedRest) = table(in: block, head: head, body: body, remainder: rest.remainder)
        if let remainder = rest.remainder {
            blocks += restBlocks(body: body, remainder: remainder, parsed: parsedRest, prefixes: chain)
        }
        return Replacement(blocks: blocks, consumed: body.consumed, leaving: rest.leaving, regrouped: rest.regrouped)
    }

    /// The block's lines (`nil` if too few to hold a table), its first
    /// starting at `firstLineStart`, and its setext underline character.
    private func candidateLines(
        _ block: Block, setextHeading: Bool, prefixes: [LinePrefix], firstLineStart: Int?
    ) -> (lines: [SourceLine], setext: UInt8?)? {
        guard let (lines, setext) = blockLines(block, setextHeading: setextHeading, prefixes: prefixes) else {
            return nil
        }
        var all = lines
        if let firstLineStart {
            if firstLineStart >= all[0].end {
                all.removeFirst()
                guard !all.isEmpty else { return nil }
                all[0].lazy = false
            } else {
                all[0].contentStart = firstLineStart
            }
        }
        return (all, setext)
    }

    /// The first header and delimiter row of `all` with as many cells, all
    /// lines before the header scanning as rows, as cmark-gfm finds them
    /// line by line; `nil` if there is none.
    private func head(in all: [SourceLine], setext: UInt8?) -> Head? {
        // For a setext heading, the underline is the last line: never a
        // delimiter row (cmark-gfm reads it as a heading underline first).
        let candidates = setext == nil ? all.count : all.count - 1
        guard candidates >= 2 else { return nil }
        // Lines base..<scanned all scan as rows (checked lazily, once each).
        var scanned = 0
        var broken = false
        // A setext underline inside a paragraph means all lines before it
        // were link reference definitions, which cmark (0.29 and 0.30) took
        // out of the content right there; the underline starts the content.
        var base = 0
        for k in 1..<candidates {
            let line = all[k]
            if line.lazy || line.indent >= 4 { continue }
            if setextUnderline(line) != nil {
                (base, scanned, broken) = (k, k, false)
                continue
            }
            let scanner = TableRowScanner(bytes: rowBytes(line))
            guard scanner.isDelimiterRow(), let delimiter = scanner.row() else { continue }
            // The paragraph so far must scan as rows; its last line is the header.
            while !broken, scanned < k - 1 {
                if TableRowScanner(bytes: rowBytes(all[scanned])).scansAsRow() { scanned += 1 } else { broken = true }
            }
            if !broken, let header = TableRowScanner(bytes: rowBytes(all[k - 1])).row(),
                header.count == delimiter.count
            {
                // A paragraph that begins with a definition: cmark read it
                // (and those after it), cmark-gfm reads the lines as text.
                if base == 0, all[0].contentStart < all[0].end, text[all[0].contentStart] == UInt8(ascii: "[") {
                    walker.unread.record(all[0].contentStart)
                }
                return Head(header: header, delimiter: delimiter, index: k - 1, base: base)
            }
            // Otherwise the next delimiter row tries again (cmark-gfm 0.29.0.gfm.6
            // has no "visited" flag).
        }
        return nil
    }

    /// The body rows, continuing into adjacent followers after a `===`
    /// underline (a row for cmark-gfm: the table runs on into the block
    /// cmark began on the next line).
    private func body(
        after head: Head, lines: [SourceLine], setext: UInt8?, followers: ArraySlice<Block>, prefixes: [LinePrefix]
    ) -> Body {
        var body = Body(lines: lines, setext: setext, next: head.index + 2)
        while true {
            while body.next < body.lines.count {
                let line = body.lines[body.next]
                if line.lazy || line.indent >= 4 || isThematicBreak(line) { break }
                let bytes = rowBytes(line)
                if BlockStartScanner(bytes: bytes).startsBlockInTable() { break }
                guard let cells = TableRowScanner(bytes: bytes).row() else { break }
                body.rows.append((line, cells))
                body.next += 1
            }
            guard body.next == body.lines.count, body.setext != nil else { return body }
            let rest = followers[(followers.startIndex + body.consumed)...]
            let last = body.lines[body.lines.count - 1]
            guard let follower = rest.first, isAdjacent(follower, after: last),
                ExtensionWalker.isSetextHeading(follower, in: text) || Self.isParagraph(follower),
                let (more, mark) = blockLines(
                    follower, setextHeading: ExtensionWalker.isSetextHeading(follower, in: text), prefixes: prefixes)
            else {
                recordDefinition(after: last, prefixes: prefixes, followers: rest)
                return body
            }
            // cmark read a paragraph after the `=` row, where a definition
            // defines; cmark-gfm's table takes its lines as rows.
            if more[0].contentStart < more[0].end, text[more[0].contentStart] == UInt8(ascii: "[") {
                walker.unread.record(more[0].contentStart)
            }
            body.lines.append(contentsOf: more)
            body.setext = mark
            body.consumed += 1
        }
    }

    /// The lines after the table, as cmark-gfm parses them.
    private struct Rest {
        var lazy = LazyLines()
        var leaving: ExtensionWalker.Leaving?
        var regrouped = false
        /// The lines from the body's end, written for one parse.
        var remainder: Remainder?
    }

    /// Decides where the lines after the body end: at a line that leaves
    /// the containers (cut from `body.lines`), or past the followers
    /// cmark-gfm parses with them, whose lines are added.
    private func rest(of body: inout Body, followers: ArraySlice<Block>, prefixes: [LinePrefix]) -> Rest {
        var rest = Rest()
        guard body.next < body.lines.count else { return rest }
        // A line missing some of the containers' prefixes closes those in
        // cmark-gfm: the rest is parsed again in the last container it has.
        if !prefixes.isEmpty { rest.lazy = lazyLines(body.lines, remainderStart: body.next) }
        if let leaving = rest.lazy.leaving {
            let line = body.lines[leaving]
            rest.leaving = ExtensionWalker.Leaving(offset: line.lineStart, depth: line.matched)
            body.lines.removeSubrange(leaving...)
            body.consumed = followers.count
        } else {
            // Lines after the table are parsed again, with the next blocks
            // as long as cmark-gfm parses them together (one list, an HTML
            // block or indented code running on).
            if body.consumed < followers.count {
                let joined = joiningFollowers(
                    body.lines, remainderStart: body.next,
                    followers: followers[(followers.startIndex + body.consumed)...], prefixes: prefixes)
                body.lines.append(contentsOf: joined.lines)
                body.consumed += joined.count
                rest.regrouped = joined.count > 0
            }
            // The rest ends the container: a fence it leaves open holds the
            // blank lines after it, as in cmark-gfm's parse (`2. e` /
            // `   -|-` / `x|y` / `   ```` / blank).
            if body.consumed == followers.count {
                let last = body.lines[body.lines.count - 1]
                body.lines.append(contentsOf: walker.lines.blankLines(after: last, prefixes: prefixes))
            }
        }
        if body.next < body.lines.count {
            rest.remainder = Remainder(lines: body.lines[body.next...], text: text, continuations: rest.lazy.continuing)
        }
        return rest
    }

    /// The paragraph before the table (if any) and the table, and the
    /// blocks of the rest, from one cmark parse of that paragraph, the
    /// cells and the rest.
    private func table(in block: Block, head: Head, body: Body, remainder: Remainder?)
        -> (blocks: [Block], rest: [Block])
    {
        let columns = head.header.count
        var cellTexts: [[UInt8]] = head.header.map(\.text)
        for (_, cells) in body.rows { cellTexts.append(contentsOf: Self.texts(of: cells, columns: columns)) }
        let all = body.lines
        let paragraphText = head.index > head.base ? precedingParagraph(all[head.base..<head.index]) : nil
        let (standIns, parsed) = parseInlines(
            cells: cellTexts, paragraph: paragraphText, remainder: remainder, start: block.range.lowerBound)
        var result: [Block] = []
        if head.index > head.base {
            result.append(
                Block(
                    id: block.id, kind: .paragraph(inlines: standIns.restored(parsed.paragraph, walker: walker)),
                    range: block.range.lowerBound..<all[head.index - 1].end))
        }
        let headerLine = all[head.index]
        var cellInlines = parsed.cells[...]
        let headerCells = cells(headerLine, head.header, columns: columns, inlines: &cellInlines, standIns: standIns)
        let alignments = head.delimiter.map { cell -> TableAlignment in
            let left = cell.text.first == UInt8(ascii: ":")
            let right = cell.text.last == UInt8(ascii: ":")
            return left && right ? .center : left ? .left : right ? .right : .none
        }
        let children = body.rows.map { line, cells in
            row(line, cells, columns: columns, inlines: &cellInlines, standIns: standIns)
        }
        let startsBlock = head.index == head.base
        let start = startsBlock ? block.range.lowerBound : headerLine.contentStart
        let end = body.rows.last?.0.end ?? all[head.index + 1].end
        result.append(
            Block(
                id: startsBlock ? block.id : .source(headerLine.contentStart),
                kind: .table(TableAttributes(alignments: alignments, header: headerCells)),
                range: start..<end, children: children))
        return (result, parsed.remainder)
    }

    /// One cmark parse of the paragraph before the table, the cells and the
    /// rest, with stand-ins; footnote candidates cmark made links of are
    /// parsed again as written (see `FootnoteStandIns.retries(in:)`).
    private func parseInlines(cells: [[UInt8]], paragraph: [UInt8]?, remainder: Remainder?, start: Int)
        -> (CellSubstitution, CellInlineParser.Reparsed)
    {
        var skipped: Set<Int> = []
        var round = 0
        while true {
            var standIns = substitution(cells, paragraph: paragraph, skipped: skipped)
            let substitutedCells = cells.map { standIns.applied(to: $0) }
            let substitutedParagraph = paragraph.map { standIns.applied(to: $0) }
            let parsed = walker.cells.reparse(
                paragraph: substitutedParagraph, cells: substitutedCells, remainder: remainder, start: start)
            guard standIns.footnotes != nil, round < 2 else { return (standIns, parsed) }
            var retries = standIns.retries(in: parsed.paragraph)
            for cell in parsed.cells { retries.formUnion(standIns.retries(in: cell)) }
            retries.subtract(skipped)
            if retries.isEmpty { return (standIns, parsed) }
            skipped.formUnion(retries)
            round += 1
        }
    }

    /// The blocks of the lines after the table, transformed in the
    /// table's containers; the definitions among them recorded.
    private func restBlocks(body: Body, remainder: Remainder, parsed: [Block], prefixes chain: PrefixChain)
        -> [Block]
    {
        let lines = Array(body.lines[body.next...])
        // cmark read the lines as the paragraph's text, where no
        // definition starts; cmark-gfm reads the definitions among them.
        walker.recordDefinitions(of: lines, remainder, before: parsed.last)
        // cmark ended the re-parsed blocks at the blank lines that
        // follow them in the buffer.
        let blocks = Remainder.documentEnds(
            of: parsed, last: lines[lines.count - 1], lines: walker.lines, prefixes: chain.array)
        return walker.transform(blocks, prefixes: chain)
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
