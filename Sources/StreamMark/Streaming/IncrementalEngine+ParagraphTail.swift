extension IncrementalEngine {
    /// Answers an append to the document's open paragraph by parsing only
    /// its unsettled lines: the lines after those whose inlines no later
    /// text can change (``ParagraphTail``, ``SettledInlines``). Returns
    /// whether it did; otherwise the tree is unchanged and the caller parses
    /// the window as usual (`parsed` then counts the bytes tried).
    ///
    /// A paragraph's block structure is decided line by line, and its inlines
    /// left to right; once the settled lines leave nothing open, the inlines
    /// of the whole paragraph are the settled ones followed by those of a
    /// paragraph made of the rest alone — if the rest, parsed alone, *is* one
    /// paragraph that starts at its first byte. That check covers a line that
    /// starts a block (a heading, a list item, a fence, a blank line ending
    /// the paragraph, a table): the standalone parse then gives another block
    /// and the window parse decides. The first unsettled line is never a
    /// setext underline or a table delimiter row, which only continue a
    /// paragraph differently than they start a document (see
    /// ``advanceParagraphTail(unsettled:text:parsed:)``).
    ///
    /// The append qualifies when the tree is current, the open paragraph is
    /// the window's only block, at the top level (``isLoneParagraph(_:text:)``),
    /// some of its lines are settled, the rest holds no complete blank line
    /// (after one, a link reference definition makes no block but changes
    /// links elsewhere: ``holdsBlankLine(_:from:)``), and the rest is at most
    /// ``RefreshSchedule/threshold`` bytes (a longer rest waits for the
    /// window's amortized re-parse instead). The patches are those the
    /// window parse's diff would emit: the document's update, then the
    /// paragraph's if its value changed.
    ///
    /// - Complexity: O(chunk + unsettled lines + their inlines), amortized:
    ///   the settled inlines are kept, not copied, when no one else holds them.
    mutating func extendParagraphTail(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int, patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard let tail = paragraphTail, tail.settledInlines > 0, oldEnd < text.count,
            schedule.staleBytes(textCount: oldEnd) == 0, text.count - tail.boundary <= RefreshSchedule.threshold,
            isLoneParagraph(root, text: text), root.children[frozenTop].range.lowerBound == tail.paragraphStart,
            Self.settledCount(of: root.children[frozenTop]) >= tail.settledInlines
        else { return false }
        let visitedBefore = references.visited
        defer { work.segmentsVisited = references.visited - visitedBefore }
        guard !Self.holdsBlankLine(text, from: tail.boundary),
            let (end, unsettled) = parseParagraph(from: tail.boundary, text: text, parsed: &parsed)
        else { return false }
        root.range = 0..<text.count
        patches.append(.update(id: root.id, value: root.value))
        let index = frozenTop
        if Self.replaceInlines(of: &root.children[index], after: tail.settledInlines, with: unsettled, end: end) {
            patches.append(.update(id: root.children[index].id, value: root.children[index].value))
        }
        work.blocksCompared += 4
        windowBlockCount = 1
        schedule.didParse(textCount: text.count)
        advanceParagraphTail(unsettled: unsettled[...], text: text, parsed: &parsed)
        return true
    }

    /// Starts or keeps the open paragraph's ``ParagraphTail`` after a window
    /// parse, and tries to settle more of its lines.
    ///
    /// - Complexity: O(unsettled lines + their inlines).
    mutating func settleParagraphTail(root: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int) {
        guard isLoneParagraph(root, text: text), case .paragraph(let inlines) = root.children[frozenTop].kind else {
            paragraphTail = nil
            return
        }
        let start = root.children[frozenTop].range.lowerBound
        if paragraphTail?.paragraphStart != start { paragraphTail = ParagraphTail(paragraphStart: start) }
        guard let settled = paragraphTail?.settledInlines, Self.settledCount(of: root.children[frozenTop]) >= settled
        else {
            paragraphTail = nil
            return
        }
        advanceParagraphTail(unsettled: inlines[settled...], text: text, parsed: &parsed)
    }

    /// Moves the tail's boundary to the text's last line if the lines before
    /// it leave nothing open. That line must hold a byte after its
    /// indentation, and not `=`, `-`, `|` or `:` (it could be a setext
    /// underline or a table delimiter row under the line before) nor `[`
    /// (alone, it could start a link reference definition, which cmark
    /// takes out of a paragraph without moving the paragraph's start); parsed
    /// alone from that byte, it must be a paragraph whose inlines end the
    /// unsettled ones, right after a line break: then those before the
    /// break are exactly the lines between the boundary and that line.
    ///
    /// - Parameter unsettled: the paragraph's inlines after the settled ones.
    /// - Complexity: O(last line) for its parse, plus O(unsettled lines +
    ///   their inlines) once per line.
    private mutating func advanceParagraphTail(
        unsettled: ArraySlice<Inline>, text: UnsafeBufferPointer<UInt8>, parsed: inout Int
    ) {
        guard var tail = paragraphTail, lastLineStart > tail.boundary, lastLineStart != tail.triedLine else { return }
        var first = lastLineStart
        while first < text.count, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
        guard first < text.count, text[first] != 0x0A, text[first] != 0x0D else { return }
        tail.triedLine = lastLineStart
        paragraphTail = tail
        switch text[first] {
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: "["): return
        default: break
        }
        guard let (_, line) = parseParagraph(from: first, text: text, parsed: &parsed) else { return }
        let breakIndex = unsettled.endIndex - line.count - 1
        guard breakIndex >= unsettled.startIndex, unsettled[breakIndex].isLineBreak,
            unsettled[(breakIndex + 1)...].elementsEqual(line),
            SettledInlines.leaveNothingOpen(
                unsettled[..<breakIndex], source: UnsafeBufferPointer(rebasing: text[tail.boundary..<first]))
        else { return }
        tail.settledInlines += breakIndex + 1 - unsettled.startIndex
        tail.boundary = first
        paragraphTail = tail
    }

    /// Whether a line after the one at `start` is blank and complete: the
    /// paragraph ends there, and what follows may be a link reference
    /// definition, which gives no block but changes links elsewhere (the
    /// window parse must see it).
    ///
    /// - Complexity: O(text after `start`).
    private static func holdsBlankLine(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var blank = false
        var i = start
        while i < text.count {
            switch text[i] {
            case 0x0A, 0x0D:
                if blank { return true }
                if text[i] == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A { i += 1 }
                blank = true
            case 0x20, 0x09:
                break
            default:
                blank = false
            }
            i += 1
        }
        return false
    }

    /// Whether the window is one top-level paragraph, the document's last
    /// block, that no link reference definition can turn into something
    /// else (it does not start with `[`, and the window defines nothing),
    /// without smart punctuation (whose quotes pair across lines).
    private func isLoneParagraph(_ root: Block, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard nested == nil, !options.smartPunctuation, windowDefinitionText.isEmpty, windowDefinitionKeys.isEmpty,
            frozenTop == root.children.count - 1, case .paragraph = root.children[frozenTop].kind
        else { return false }
        let start = root.children[frozenTop].range.lowerBound
        return start < text.count && text[start] != UInt8(ascii: "[")
    }

    /// Parses the text from `start` on its own (with the definitions of the
    /// labels it uses in front, as a window is parsed); its inlines and end
    /// if it is one paragraph starting at `start`.
    private mutating func parseParagraph(
        from start: Int, text: UnsafeBufferPointer<UInt8>, parsed: inout Int
    ) -> (end: Int, inlines: [Inline])? {
        var buffer = carrierPrefix(for: start..<text.count, in: text)
        let contentStart = buffer.count
        buffer.append(contentsOf: text[start...])
        parsed += buffer.count
        work.bytesCopied += buffer.count
        let blocks = parse(buffer, contentStart: contentStart, pieces: [(contentStart, start)], text: text)
        guard blocks.count == 1, blocks[0].range.lowerBound == start, case .paragraph(let inlines) = blocks[0].kind
        else { return nil }
        return (blocks[0].range.upperBound, inlines)
    }

    /// The number of the paragraph's inlines that may be settled: all of
    /// them up to its last line break, inclusive (0 if it is no paragraph).
    private static func settledCount(of block: Block) -> Int {
        guard case .paragraph(let inlines) = block.kind else { return 0 }
        return (inlines.lastIndex(where: \.isLineBreak) ?? -1) + 1
    }

    /// Replaces the paragraph's inlines after the first `settled` with
    /// `unsettled` and its end with `end`; returns whether its value changed.
    /// The inlines are taken out of the block first, so that they are
    /// uniquely referenced and the settled ones are not copied.
    private static func replaceInlines(
        of block: inout Block, after settled: Int, with unsettled: [Inline], end: Int
    ) -> Bool {
        guard case .paragraph(var inlines) = block.kind else { return false }
        block.kind = .thematicBreak
        let same = block.range.upperBound == end && inlines[settled...].elementsEqual(unsettled)
        if !same {
            inlines.removeSubrange(settled...)
            inlines.append(contentsOf: unsettled)
            block.range = block.range.lowerBound..<end
        }
        block.kind = .paragraph(inlines: inlines)
        return !same
    }
}
