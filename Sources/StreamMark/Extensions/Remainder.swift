/// Lines of a paragraph after a table that cmark-gfm parses as other
/// blocks: their text inside the container (indentation kept) and the map
/// from that text back to document offsets.
struct Remainder {
    /// The lines' text, container prefixes removed.
    var bytes: [UInt8] = []
    /// (offset in `bytes`, document offset, end of the run's line in the
    /// document) at the start of each copied run.
    var segments: [(buffer: Int, document: Int, limit: Int)] = []

    /// Lazy lines that continue a paragraph, written indented so that
    /// none starts a block in the containers the lines before them open.
    struct Continuation {
        /// Document offsets of the first and the last line's start.
        var lineStarts: ClosedRange<Int>
        /// Spaces written before the line's content.
        var indent: Int
    }

    init(lines: ArraySlice<SourceLine>, text: UnsafeBufferPointer<UInt8>, continuations: [Continuation] = []) {
        var run = 0
        for line in lines {
            var start = line.containerEnd
            while run < continuations.count, continuations[run].lineStarts.upperBound < line.lineStart { run += 1 }
            if run < continuations.count, continuations[run].lineStarts.contains(line.lineStart) {
                segments.append((bytes.count, line.contentStart, line.contentStart))
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: continuations[run].indent))
                start = line.contentStart
            }
            if start < line.end, text[start] == 0x09, line.containerColumn % 4 != 0 {
                // A partly consumed tab: its remaining columns become spaces.
                let width = 4 - line.containerColumn % 4
                segments.append((bytes.count, start, start))
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
                start += 1
            }
            segments.append((bytes.count, start, line.end + line.endingLength))
            bytes.append(contentsOf: text[start..<line.end])
            if line.endingLength > 0 {
                bytes.append(contentsOf: text[line.end..<line.end + line.endingLength])
            } else {
                bytes.append(0x0A)
            }
        }
    }

    /// The document offset of a position in `bytes`.
    func documentOffset(_ offset: Int) -> Int {
        var low = 0
        var high = segments.count - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].buffer <= offset { low = mid } else { high = mid - 1 }
        }
        // The newline added after a last line without one maps to its end.
        return min(segments[low].document + (offset - segments[low].buffer), segments[low].limit)
    }
}

extension Remainder {
    /// The blocks parsed from a remainder whose last line is `last`, with
    /// the ends cmark gives them in the document.
    ///
    /// In the parse buffer blank lines follow the remainder, and cmark ends
    /// a block that only they closed (a list, a quote and what they hold)
    /// after the last line's ending, at the blank line. In the document
    /// that holds only where a blank line follows inside the containers.
    /// Where the text ends after `last`, or another line follows, cmark
    /// ends such a block at the end of `last`, except a fenced code block
    /// or a setext heading, which it ends where the line that closed it
    /// ends: the next line (`> ~~~` and then `|`). A fence still open at
    /// the end of the remainder ends there too, though the parse, which
    /// met the end of its buffer, ended it at the end of `last`
    /// (`"` / blank / `3. ```` and then `=`).
    ///
    /// - Complexity: O(blocks + length of the next line and prefixes +
    ///   length of a fence open at the end).
    static func documentEnds(
        of blocks: [Block], last: SourceLine, lines: SourceLines, prefixes: [LinePrefix]
    ) -> [Block] {
        guard last.endingLength > 0 else { return blocks }
        let end = last.end + last.endingLength
        var closingLineEnd = last.end
        if end < lines.text.count {
            let next = lines.strip(lineStart: end, prefixes: prefixes)
            guard !SourceLines.isBlank(next, inside: prefixes) else { return blocks }
            closingLineEnd = next.end
        }
        return blocks.map {
            ending($0, at: end, lastLineEnd: last.end, closingLineEnd: closingLineEnd, text: lines.text)
        }
    }

    /// The block with every range ending at `end` ending at `closingLineEnd`
    /// if it is a fenced code block or a setext heading, else at `lastLineEnd`.
    private static func ending(
        _ block: Block, at end: Int, lastLineEnd: Int, closingLineEnd: Int, text: UnsafeBufferPointer<UInt8>
    ) -> Block {
        var block = block
        if block.range.upperBound == lastLineEnd, case .codeBlock(let code) = block.kind, code.fenced,
            isOpen(code, range: block.range, text: text)
        {
            block.range = block.range.lowerBound..<closingLineEnd
        } else if block.range.upperBound == end {
            let runsOn: Bool
            switch block.kind {
            case .codeBlock(let code): runsOn = code.fenced
            case .math: runsOn = true
            case .heading: runsOn = true
            default: runsOn = false
            }
            let newEnd = runsOn ? closingLineEnd : lastLineEnd
            block.range = min(block.range.lowerBound, newEnd)..<newEnd
        }
        block.children = block.children.map {
            ending($0, at: end, lastLineEnd: lastLineEnd, closingLineEnd: closingLineEnd, text: text)
        }
        return block
    }

    /// Whether a fenced code block that ends at the end of a line was left
    /// open: every line after its opening fence, up to that end, is in its
    /// literal (a closing fence is not).
    private static func isOpen(_ code: CodeBlockAttributes, range: Range<Int>, text: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        lineCount(text[range]) == lineCount(code.literal.utf8)
    }

    /// How many line endings (LF, CR or CRLF) `bytes` holds.
    private static func lineCount(_ bytes: some Collection<UInt8>) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x0A && previous != 0x0D || byte == 0x0D { count += 1 }
            previous = byte
        }
        return count
    }
}
