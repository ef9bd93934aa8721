/// An append to the document's open paragraph answered by parsing only its
/// unsettled lines: the lines after those whose inlines no later text can
/// change (``ParagraphTail``, ``SettledInlines``).
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
/// ``advance(unsettled:engine:text:parsed:)``).
///
/// ## Guard
/// The open paragraph is the window's only block, at the top level
/// (``isLoneParagraph(_:engine:text:)``: no smart punctuation, no window
/// definitions), some of its lines are settled, the rest holds no complete
/// blank line (after one, a link reference definition makes no block but
/// changes links elsewhere: ``holdsBlankLine(_:from:)``), the rest is at
/// most ``RefreshSchedule/threshold`` bytes (a longer rest waits for the
/// window's amortized re-parse instead), and parsed alone it is one
/// paragraph starting at the boundary.
///
/// ## State
/// ``tail``: where the settled lines end and how many inlines they hold,
/// advanced after window parses (``didParseWindow(engine:root:text:parsed:)``)
/// and after the appends this shortcut answers.
///
/// ## Work
/// The unsettled inlines replaced by the standalone parse's; the patches
/// are those the window parse's diff would emit: the document's update,
/// then the paragraph's if its value changed.
///
/// - Complexity: O(chunk + unsettled lines + their inlines), amortized:
///   the settled inlines are kept, not copied, when no one else holds them.
struct ParagraphTailShortcut: AppendShortcut {
    static let name = "paragraph-tail"
    static let parses = true

    /// The settled lines of the open paragraph, if it is the window's only
    /// block.
    var tail: ParagraphTail? = nil

    mutating func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let text = append.text
        let top = engine.frozenTop
        guard let tail, tail.settledInlines > 0, text.count - tail.boundary <= RefreshSchedule.threshold,
            Self.isLoneParagraph(root, engine: engine, text: text),
            root.children[top].range.lowerBound == tail.paragraphStart,
            Self.settledCount(of: root.children[top]) >= tail.settledInlines,
            !Self.holdsBlankLine(text, from: tail.boundary),
            let (end, unsettled) = Self.parseParagraph(
                from: tail.boundary, engine: &engine, text: text, parsed: &parsed)
        else { return false }
        root.range = 0..<text.count
        patches.append(.update(id: root.id, value: root.value))
        if Self.replaceInlines(of: &root.children[top], after: tail.settledInlines, with: unsettled, end: end) {
            patches.append(.update(id: root.children[top].id, value: root.children[top].value))
        }
        engine.work.blocksCompared += 4
        engine.windowBlockCount = 1
        advance(unsettled: unsettled[...], engine: &engine, text: text, parsed: &parsed)
        return true
    }

    /// Starts or keeps the open paragraph's ``ParagraphTail`` after a window
    /// parse, and tries to settle more of its lines.
    ///
    /// - Complexity: O(unsettled lines + their inlines).
    mutating func didParseWindow(
        engine: inout IncrementalEngine, root: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int
    ) {
        let top = engine.frozenTop
        guard Self.isLoneParagraph(root, engine: engine, text: text),
            case .paragraph(let inlines) = root.children[top].kind
        else {
            tail = nil
            return
        }
        let start = root.children[top].range.lowerBound
        if tail?.paragraphStart != start { tail = ParagraphTail(paragraphStart: start) }
        guard let settled = tail?.settledInlines, Self.settledCount(of: root.children[top]) >= settled else {
            tail = nil
            return
        }
        advance(unsettled: inlines[settled...], engine: &engine, text: text, parsed: &parsed)
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
    private mutating func advance(
        unsettled: ArraySlice<Inline>, engine: inout IncrementalEngine, text: UnsafeBufferPointer<UInt8>,
        parsed: inout Int
    ) {
        let lineStart = engine.lastLineStart
        guard var tail, lineStart > tail.boundary, lineStart != tail.triedLine else { return }
        var first = lineStart
        while first < text.count, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
        guard first < text.count, text[first] != 0x0A, text[first] != 0x0D else { return }
        tail.triedLine = lineStart
        self.tail = tail
        switch text[first] {
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: "["): return
        default: break
        }
        guard let (_, line) = Self.parseParagraph(from: first, engine: &engine, text: text, parsed: &parsed) else {
            return
        }
        let breakIndex = unsettled.endIndex - line.count - 1
        guard breakIndex >= unsettled.startIndex, unsettled[breakIndex].isLineBreak,
            unsettled[(breakIndex + 1)...].elementsEqual(line),
            SettledInlines.leaveNothingOpen(
                unsettled[..<breakIndex], source: UnsafeBufferPointer(rebasing: text[tail.boundary..<first]))
        else { return }
        tail.settledInlines += breakIndex + 1 - unsettled.startIndex
        tail.boundary = first
        self.tail = tail
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
    private static func isLoneParagraph(_ root: Block, engine: IncrementalEngine, text: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        let top = engine.frozenTop
        guard engine.nested == nil, !engine.options.smartPunctuation, engine.windowDefinesNothing,
            top == root.children.count - 1, case .paragraph = root.children[top].kind
        else { return false }
        let start = root.children[top].range.lowerBound
        return start < text.count && text[start] != UInt8(ascii: "[")
    }

    /// Parses the text from `start` on its own (with the definitions of the
    /// labels it uses in front, as a window is parsed); its inlines and end
    /// if it is one paragraph starting at `start`.
    private static func parseParagraph(
        from start: Int, engine: inout IncrementalEngine, text: UnsafeBufferPointer<UInt8>, parsed: inout Int
    ) -> (end: Int, inlines: [Inline])? {
        var buffer = engine.carrierPrefix(for: start..<text.count, in: text)
        let contentStart = buffer.count
        buffer.append(contentsOf: text[start...])
        parsed += buffer.count
        engine.work.bytesCopied += buffer.count
        let blocks = engine.parse(buffer, contentStart: contentStart, pieces: [(contentStart, start)], text: text)
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
