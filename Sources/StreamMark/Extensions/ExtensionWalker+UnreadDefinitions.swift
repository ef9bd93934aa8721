extension ExtensionWalker {
    /// Looks for tables in the lines before child `index` of a container
    /// being transformed (or after its last child, when `index` is the
    /// number of children): between the child before and this one, or from
    /// the start of a block quote's content or of a list item's (after its
    /// marker). Not in a list: only blank lines lie between its items.
    func findTables(before index: Int, of level: Level) {
        guard extensions.contains(.table), !level.done, let gaps = level.gaps else { return }
        let end = index > 0 ? level.blocks[index - 1].range.upperBound : gaps.contentStart
        let firstContent =
            index == 0 && gaps.afterMarker ? contentAfterMarker(itemStart: gaps.container.lowerBound) : nil
        let stop =
            index < level.blocks.count
            ? lines.lineStart(of: level.blocks[index].range.lowerBound) : lineAfter(gaps.container.upperBound)
        findTables(from: end, to: stop, prefixes: level.prefixes, firstContent: firstContent)
    }

    /// Whether a line other than those of `end` and `next` lies between
    /// them (with `sameLineCounts`, whether they are on different lines):
    /// a look at the bytes between, which are few unless there is one.
    func holdsLineBetween(_ end: Int, _ next: Int, sameLineCounts: Bool) -> Bool {
        var breaks = end > 0 && (text[end - 1] == 0x0A || text[end - 1] == 0x0D) ? 1 : 0
        var i = end
        while i < next {
            if text[i] == 0x0A || (text[i] == 0x0D && (i + 1 == text.count || text[i + 1] != 0x0A)) {
                breaks += 1
                if breaks >= (sameLineCounts ? 1 : 2) { return true }
            }
            i += 1
        }
        return false
    }

    /// Where a list item's content starts on its marker's line: after the
    /// marker and the spaces after it; `nil` when the line holds nothing
    /// more (the content starts on a later line).
    private func contentAfterMarker(itemStart: Int) -> Int? {
        var i = itemStart
        let end = lines.lineEnd(from: i)
        while i < end, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
        guard i < end else { return nil }
        i += 1
        while i < end, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        return i < end ? i : nil
    }

    /// Looks for tables in the lines from the one after `end` (the end of a
    /// block, or a line start) up to `stop`, inside containers with
    /// `prefixes`: lines there are ones cmark took as link reference
    /// definitions, whole paragraphs of them, which leave no block
    /// (`[1]:` / `|-`, where `|-` is the destination). cmark-gfm makes a
    /// table of such a paragraph when a delimiter row follows a line of it
    /// with as many cells: each paragraph there that begins with `[` and
    /// may hold a delimiter row goes through ``TableBuilder``, which
    /// records it in ``unread`` when it holds a table; the parse that
    /// follows without its definitions gives the table its block.
    ///
    /// - Complexity: O(lines between), nothing when they hold no `-`
    ///   next to a `|` or `:`.
    ///
    /// - Parameter firstContent: where the first line's content starts, when
    ///   `end` is on a list item's marker line.
    func findTables(from end: Int, to stop: Int, prefixes: PrefixChain, firstContent: Int? = nil) {
        let atLineStart = end == 0 || text[end - 1] == 0x0A || text[end - 1] == 0x0D
        var lineStart = atLineStart ? end : firstContent == nil ? lineAfter(end) : lines.lineStart(of: end)
        guard extensions.contains(.table), lineStart < stop,
            UnreadDefinitions.mayHoldDelimiterRow(text, lineStart..<stop)
        else { return }
        let chain = prefixes.array
        var paragraph: [SourceLine] = []
        while lineStart < stop {
            var line = lines.strip(lineStart: lineStart, prefixes: chain)
            if let firstContent, line.lineStart == lines.lineStart(of: firstContent) {
                // The marker's line: its content starts after the marker,
                // as cmark has it (``SourceLines/lines(of:prefixes:)``).
                (line.contentStart, line.containerEnd, line.indent, line.lazy) = (firstContent, firstContent, 0, false)
            }
            if line.contentStart == line.end {
                findTable(in: paragraph, prefixes: prefixes)
                paragraph.removeAll()
            } else {
                paragraph.append(line)
            }
            guard line.endingLength > 0 else { break }
            lineStart = line.end + line.endingLength
        }
        findTable(in: paragraph, prefixes: prefixes)
    }

    /// Runs the table builder over a paragraph of definition lines that
    /// begins with `[`, for what it records; the blocks it builds and the
    /// line it finds leaving the containers are not kept (nor an escape a
    /// table in the lines after it may set).
    private func findTable(in paragraph: [SourceLine], prefixes: PrefixChain) {
        guard paragraph.count >= 2, let first = paragraph.first, let last = paragraph.last,
            text[first.contentStart] == UInt8(ascii: "[")
        else { return }
        let block = Block(
            id: .source(first.contentStart), kind: .paragraph(inlines: []), range: first.contentStart..<last.end)
        let escaped = (escape.offset, escape.depth)
        _ = TableBuilder(walker: self).tables(in: block, setextHeading: false, prefixes: prefixes)
        (escape.offset, escape.depth) = escaped
    }

    /// The start of the line after the one holding `offset` (the end of
    /// the text if there is none).
    private func lineAfter(_ offset: Int) -> Int {
        let end = lines.lineEnd(from: offset)
        return end + lines.endingLength(at: end)
    }
}
