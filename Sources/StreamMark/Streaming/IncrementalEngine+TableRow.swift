extension IncrementalEngine {
    /// Answers an append that only lengthens the last row of the open
    /// top-level table by rebuilding that row from its line alone: the
    /// table's header and delimiter lines are not parsed again, and only the
    /// row's cells the new bytes reach go to cmark. Returns whether it did;
    /// otherwise nothing
    /// changed and the caller parses the window as usual.
    ///
    /// The window of an open table is its header and delimiter lines (the
    /// stub) followed by its last row. The append qualifies when
    /// - the tree is current, the window defines no label, and the engine is
    ///   narrowed to the table with only its last row open, on the text's
    ///   last line, which the new bytes do not end;
    /// - the row's line starts with a byte that starts no block and cannot
    ///   make the lines before it a heading: not a space,
    ///   tab, digit or one of `# > - * _ + = ~ <`, nor three backticks. The
    ///   line then continues the table's paragraph for cmark, and the
    ///   table's header is found where it was (a delimiter line that is a
    ///   setext underline made a heading, never a table window);
    /// - the line scans as a row and holds no stand-in character
    ///   (``TableBuilder/lastRow(_:headerLine:previous:)``);
    /// - the frozen text in front of the window (the carriers of the
    ///   labels the row uses) holds no code or HTML block: no run of three
    ///   backticks or tildes, no `<`, tab or four spaces in a row. The cells' parser then
    ///   finds the same definitions in it without cmark's block ranges.
    /// - the window stays within ``RefreshSchedule/threshold`` (a longer one
    ///   is left to the schedule, which amortizes it).
    ///
    /// The patches are what the window parse's diff would emit.
    ///
    /// - Complexity: O(stub + row line + carriers), one cmark parse of the
    ///   changed cells.
    mutating func extendTableRow(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int, patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard let window = nested as? TableWindow else { return false }
        let (stub, k) = (window.header, window.frozenRows)
        guard frozenTop == root.children.count - 1,
            root.children[frozenTop].children.count == k + 1,
            root.children[frozenTop].children[k].range.lowerBound == windowStart, lastLineStart == windowStart,
            stub.count + text.count - windowStart <= RefreshSchedule.threshold, oldEnd < text.count,
            schedule.staleBytes(textCount: oldEnd) == 0, windowDefinitionText.isEmpty, windowDefinitionKeys.isEmpty,
            Self.mayContinueTable(text, line: windowStart)
        else { return false }
        for i in oldEnd..<text.count where text[i] == 0x0A || text[i] == 0x0D { return false }
        var context = carrierPrefix(for: windowStart..<text.count, in: text)
        guard !Self.mayHoldLiteralBlock(context) else { return false }
        context.append(contentsOf: text[stub])
        context.append(contentsOf: text[windowStart...])
        let walker = ExtensionLayer.walker(
            text: text, options: options,
            cells: CellInlineParser(context: context, smart: options.smartPunctuation))
        let line = walker.lines.strip(lineStart: windowStart, prefixes: [])
        let headerLine = walker.lines.strip(lineStart: stub.lowerBound, prefixes: [])
        let table = root.children[frozenTop]
        guard case .tableRow(let previous) = table.children[k].kind,
            let (row, cellBytes) = TableBuilder(walker: walker).lastRow(
                line, headerLine: headerLine, previous: previous)
        else { return false }
        parsed += cellBytes
        work.bytesCopied += context.count
        work.blocksConverted += 1
        let oldView = Self.tailView(root, from: frozenTop, skip: k)
        root.children[frozenTop].replaceChildren(from: k, with: [row], endingAt: row.range.upperBound)
        appendTailDiff(since: oldView, root: &root, from: frozenTop, skip: k, text: text, patches: &patches)
        schedule.didParse(textCount: text.count)
        return true
    }

    /// Whether the line at `start` begins with a byte after which it can
    /// only continue a paragraph (see ``extendTableRow(root:text:parsed:patches:)``).
    private static func mayContinueTable(_ text: UnsafeBufferPointer<UInt8>, line start: Int) -> Bool {
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
