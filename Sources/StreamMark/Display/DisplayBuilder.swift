/// Builds the ``ProvisionalDisplay`` of a document's open block: finds the
/// block, extracts its source without container prefixes, completes it with
/// ``MarkupCompleter``, parses it one-shot and maps the result back to the
/// document's offsets and ids.
struct DisplayBuilder {
    let options: ParseOptions
    /// The document text.
    let text: UnsafeBufferPointer<UInt8>

    /// The open block: the last block on the right spine (a leaf, a table or
    /// an empty container), with its parent and the line prefixes of its
    /// containers.
    struct OpenBlock {
        var block: Block
        var parent: Block
        var prefixes: [LinePrefix]
    }

    /// The result and the number of bytes handed to the parser.
    ///
    /// - Complexity: O(open block) plus the depth of the tree.
    func display(root: Block, isClosed: (BlockID) -> Bool) -> (ProvisionalDisplay, parsed: Int) {
        guard let open = openBlock(in: root), !isClosed(open.block.id) else { return (.truth, 0) }
        var parsed = 0
        let blocks = displayBlocks(open, parsed: &parsed) ?? [open.block]
        let display = ProvisionalDisplay(
            openID: open.block.id, parentID: open.parent.id, blocks: blocks, differsFromTruth: blocks != [open.block])
        return (display, parsed)
    }

    /// Walks the right spine from `root`.
    func openBlock(in root: Block) -> OpenBlock? {
        var parent = root
        var prefixes: [LinePrefix] = []
        let lines = SourceLines(text: text)
        while let last = parent.children.last {
            switch last.kind {
            case .blockQuote, .alert, .list, .item:
                if last.children.isEmpty { return OpenBlock(block: last, parent: parent, prefixes: prefixes) }
                if case .list = last.kind, last.children.count == 1, last.children[0].children.isEmpty {
                    // A list of one empty item: the list is what a lone marker shows.
                    return OpenBlock(block: last, parent: parent, prefixes: prefixes)
                }
                if last.kind.isQuote { prefixes.append(.quote) }
                if case .item = last.kind {
                    prefixes.append(lines.itemPrefix(itemStart: last.range.lowerBound, outer: prefixes))
                }
                parent = last
            default:
                return OpenBlock(block: last, parent: parent, prefixes: prefixes)
            }
        }
        return nil
    }

    /// The display blocks, or `nil` when the open block shows as it is.
    func displayBlocks(_ open: OpenBlock, parsed: inout Int) -> [Block]? {
        switch open.block.kind {
        case .paragraph where isPartialAlertMarker(open):
            return []
        case .paragraph, .heading:
            return completedLeaf(open, parsed: &parsed)
        case .item, .list, .thematicBreak:
            // A lone list marker or a rule whose line has not ended yet.
            return isUnterminatedMarkerLine(from: open.block.range.lowerBound) ? [] : nil
        case .table:
            return completedTableRow(open, parsed: &parsed)
        case .codeBlock(let attributes) where attributes.fenced:
            return withoutPartialClosingFence(open.block, attributes)
        case .math(let tex):
            let fence = CodeBlockAttributes(info: "math", literal: tex, fenced: true)
            return withoutPartialClosingFence(open.block, fence)?.map { shown in
                var shown = shown
                if case .codeBlock(let code) = shown.kind { shown.kind = .math(tex: code.literal) }
                return shown
            }
        default:
            return nil
        }
    }

    // MARK: - Paragraphs and headings

    private func completedLeaf(_ open: OpenBlock, parsed: inout Int) -> [Block]? {
        var lines = SourceLines(text: text).lines(of: open.block.range.lowerBound..<text.count, prefixes: open.prefixes)
        var source: [UInt8] = []
        var pieces: [(buffer: Int, document: Int)] = []
        if isTaskParagraph(open) { lines[0].contentStart = taskContentStart(lines[0]) }
        // An alert's first paragraph keeps its range, which covers the
        // marker line; its text starts on the next line.
        if case .alert = open.parent.kind, open.parent.children.first?.id == open.block.id, lines.count > 1,
            text[lines[0].contentStart...].starts(with: [UInt8(ascii: "["), UInt8(ascii: "!")])
        {
            lines.removeFirst()
        }
        for line in lines {
            // A blank line ends the block: it is complete.
            if line.contentStart == line.end && line.endingLength > 0 && line.lineStart != lines[0].lineStart {
                return nil
            }
            // Continuation lines keep their indentation inside the
            // containers: an indented `- x` continues the paragraph.
            let start = line.lineStart == lines[0].lineStart ? line.contentStart : line.containerEnd
            pieces.append((source.count, start))
            source += text[start..<line.end]
            if line.endingLength > 0 { source.append(0x0A) }
        }
        if case .heading = open.block.kind, source.last == 0x0A { return nil }
        let completed = MarkupCompleter.complete(source, math: options.extensions.contains(.math))
        if completed == source { return nil }
        parsed += completed.count
        var blocks = MarkdownParser(options: options).parseNormalized(completed).children
        // Completion must not build structure the truth does not have (a
        // `[` dropped before `1. x` would make a list): only leaves and
        // tables, else the truth is shown.
        guard blocks.allSatisfy(\.isDisplayLeaf) else { return nil }
        let mapping = OffsetMapping(pieces: pieces)
        for index in blocks.indices {
            blocks[index].remap(mapping)
            blocks[index].clamp(to: text.count)
        }
        // The first block keeps the open block's id (even when completion
        // emptied the first line, as a dropped `[` can).
        if !blocks.isEmpty { blocks[0].id = open.block.id }
        // Only trailing spaces were dropped: the truth shows the same.
        if blocks.count == 1, blocks[0].withoutRanges == open.block.withoutRanges { return nil }
        return blocks
    }

    /// Whether the open block is the first paragraph of a task item, whose
    /// source still begins with the `[ ]` marker.
    private func isTaskParagraph(_ open: OpenBlock) -> Bool {
        guard case .item(let task) = open.parent.kind, task != nil else { return false }
        return open.parent.children.first?.id == open.block.id
    }

    /// Where a task paragraph's text begins: after `[ ]`/`[x]` and spaces.
    private func taskContentStart(_ line: SourceLine) -> Int {
        var start = line.contentStart
        guard line.end - start >= 3, text[start] == UInt8(ascii: "["), text[start + 2] == UInt8(ascii: "]") else {
            return start
        }
        start += 3
        while start < line.end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
        return start
    }

    // MARK: - Table rows

    /// An open table whose last body row is still being typed: the row's
    /// last cell (after its last `|`) is completed like a paragraph. Only
    /// the header, delimiter and last row lines are parsed.
    private func completedTableRow(_ open: OpenBlock, parsed: inout Int) -> [Block]? {
        guard text.last != 0x0A, let row = open.block.children.last else { return nil }
        let lines = SourceLines(text: text)
        var header = lines.strip(lineStart: lines.lineStart(of: open.block.range.lowerBound), prefixes: open.prefixes)
        header.contentStart = open.block.range.lowerBound
        guard header.endingLength > 0 else { return nil }
        let delimiter = lines.strip(lineStart: header.end + header.endingLength, prefixes: open.prefixes)
        let last = lines.strip(lineStart: lines.lineStart(of: row.range.lowerBound), prefixes: open.prefixes)
        guard last.lineStart > delimiter.lineStart, last.endingLength == 0 else { return nil }
        let line = ArraySlice(text[last.containerEnd..<last.end])
        let cellStart = (TableCompletion.pipePositions(line).last).map { $0 + 1 } ?? line.startIndex
        let cell = Array(line[cellStart...])
        let completed = InlineCompletion.complete(cell)
        guard completed != cell, cell.contains(where: { !CharacterClass.isASCIISpace($0) }) else { return nil }
        var source = Array(text[header.contentStart..<header.end]) + [0x0A]
        let delimiterStart = source.count
        source += text[delimiter.containerEnd..<delimiter.end]
        source.append(0x0A)
        let rowStart = source.count
        source += line[..<cellStart]
        source += completed
        parsed += source.count
        let blocks = MarkdownParser(options: options).parseNormalized(source).children
        guard blocks.count == 1, case .table = blocks[0].kind, var shown = blocks[0].children.last else { return nil }
        let mapping = OffsetMapping(pieces: [
            (0, header.contentStart), (delimiterStart, delimiter.containerEnd), (rowStart, last.containerEnd),
        ])
        shown.remap(mapping)
        shown.clamp(to: text.count)
        shown.id = row.id
        var table = open.block
        table.children[table.children.count - 1] = shown
        return [table]
    }

    // MARK: - Markers, rules and fences

    /// Whether the text from `start` to the end is one unterminated line of
    /// block markers (`-`, `1.`, `***`).
    private func isUnterminatedMarkerLine(from start: Int) -> Bool {
        guard start < text.count else { return true }
        let line = ArraySlice(text[start..<text.count])
        return !line.contains(0x0A) && TrailingLine.isMarkerOnly(line)
    }

    /// An open fenced code block whose last, unterminated line is a run of
    /// its fence character (a closing fence being typed) shows without it.
    private func withoutPartialClosingFence(_ block: Block, _ attributes: CodeBlockAttributes) -> [Block]? {
        guard let fence = text[block.range.lowerBound...].first, text.last != 0x0A else { return nil }
        var start = text.count
        while start > 0, text[start - 1] != 0x0A { start -= 1 }
        guard start > block.range.lowerBound else { return nil }
        let line = text[start..<text.count].filter { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") }
        guard !line.isEmpty, line.allSatisfy({ $0 == fence }) else { return nil }
        // A run as long as the opening fence has closed the block already.
        var opening = 0
        while block.range.lowerBound + opening < text.count, text[block.range.lowerBound + opening] == fence {
            opening += 1
        }
        guard line.count < opening else { return nil }
        var literal = Array(attributes.literal.utf8)
        guard literal.last == 0x0A else { return nil }
        literal.removeLast()
        var lastLine: [UInt8] = []
        while let last = literal.last, last != 0x0A { lastLine.append(literal.removeLast()) }
        guard lastLine.filter({ $0 != 0x20 && $0 != 0x09 }) == line else { return nil }
        var shown = block
        shown.kind = .codeBlock(
            CodeBlockAttributes(
                info: attributes.info, literal: String(decoding: literal, as: UTF8.self), fenced: true))
        return [shown]
    }
}
