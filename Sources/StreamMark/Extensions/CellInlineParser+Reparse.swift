extension CellInlineParser {
    /// The result of ``reparse(paragraph:cells:remainder:)``.
    struct Reparsed {
        /// Inlines of the paragraph piece (empty if there was none).
        var paragraph: [Inline] = []
        /// Inlines of each cell.
        var cells: [[Inline]] = []
        /// Blocks of the remainder, with document offsets.
        var remainder: [Block] = []
    }

    /// Parsed between the pieces and the context: blank lines end a
    /// paragraph (and an HTML block of kinds 6 and 7), and a thematic break
    /// at the margin closes every open container, so that the context
    /// starts a document of its own.
    private static let separator: [UInt8] = Array("\n\n***\n\n".utf8)

    // Pieces are mapped to offsets far beyond any document so that blocks
    // can be told apart by where they start, in buffer order (a block's
    // range may end in the next piece).
    private static let leadBase = 1 << 51
    private static let paragraphBase = 1 << 52
    private static let cellBase = 2 << 52
    private static let contextBase = 3 << 52

    /// The lines of `text` that can take part in a link reference
    /// definition: each line holding `]:` with the lines before it back to
    /// a blank line or a code or HTML block (the paragraph it may continue;
    /// for an indented one, further back to a line at the margin and the
    /// paragraph that continues) and the lines after it to the end of its
    /// paragraph, at least two (a destination or title may follow on its
    /// own line), groups separated by blank lines. Parsing these instead of
    /// the whole text defines the same references. Lines that overlap
    /// `literals` (the code and HTML blocks cmark found in the text) never
    /// define anything, are not taken as hits and stand in a group as
    /// thematic breaks.
    /// A code fence a group opens is closed at the group's end, and lines
    /// opening an HTML block that runs past blank lines open none: taken
    /// alone, without the line that closes them, they would swallow every
    /// definition after them. Where `literals` is known (not `nil`), such a
    /// line outside them is text, and stays text with its `<` as a letter;
    /// where it is not, the line is left out as a blank line.
    ///
    /// The result comes in groups: lines that are not next to each other
    /// in `text` are in different groups, which ``ReferenceContext``
    /// indexes by the labels they may define. A group starts at the margin
    /// (or at the start of the text), never on an indented line.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func referenceLines(of text: [UInt8], outside literals: [Range<Int>]? = nil) -> [[UInt8]] {
        referenceGroups(of: text, outside: literals).groups
    }

    /// ``referenceLines(of:outside:)`` with the offset in `text` where each
    /// group's first line starts.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func referenceGroups(of text: [UInt8], outside known: [Range<Int>]? = nil) -> (
        groups: [[UInt8]], starts: [Int]
    ) {
        let literals = known ?? []
        var starts: [Int] = [0]
        var hits: [Int] = []
        var i = 0
        while i < text.count {
            let byte = text[i]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            } else if byte == UInt8(ascii: ":"), i > 0, text[i - 1] == UInt8(ascii: "]") {
                if hits.last != starts.count - 1 { hits.append(starts.count - 1) }
            }
            i += 1
        }
        if !literals.isEmpty {
            var next = 0
            var kept: [Int] = []
            for hit in hits {
                let line = starts[hit]..<(hit + 1 < starts.count ? starts[hit + 1] : text.count)
                while next < literals.count && literals[next].upperBound <= line.lowerBound { next += 1 }
                if next == literals.count || !literals[next].overlaps(line) { kept.append(hit) }
            }
            hits = kept
        }
        guard !hits.isEmpty else { return ([], []) }
        var groups: [[UInt8]] = []
        var groupStarts: [Int] = []
        var result: [UInt8] = []
        // Where the group being built began in `text`.
        var groupStart = 0
        var lastLine = -1
        /// Whether line `n` starts with a space or tab.
        func isIndented(_ n: Int) -> Bool {
            starts[n] < text.count && (text[starts[n]] == 0x20 || text[starts[n]] == 0x09)
        }
        /// Whether line `n` is blank or starts with a space or tab.
        func isIndentedOrBlank(_ n: Int) -> Bool {
            isIndented(n) || starts[n] >= text.count || text[starts[n]] == 0x0A || text[starts[n]] == 0x0D
        }
        /// Whether line `n` holds nothing but spaces and tabs.
        func isBlank(_ n: Int) -> Bool {
            let end = n + 1 < starts.count ? starts[n + 1] : text.count
            return text[starts[n]..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        /// The code or HTML block of `literals` that line `n` overlaps.
        func literal(at n: Int) -> Range<Int>? {
            let line = starts[n]..<(n + 1 < starts.count ? starts[n + 1] : text.count)
            var (low, high) = (0, literals.count)
            while low < high {
                let middle = (low + high) / 2
                if literals[middle].upperBound <= line.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low < literals.count && literals[low].overlaps(line) ? literals[low] : nil
        }
        /// Whether line `n` overlaps a code or HTML block of `literals`.
        func isLiteral(_ n: Int) -> Bool { literal(at: n) != nil }
        /// Whether line `n` may be paragraph text: not blank, not in a code
        /// or HTML block, not opening a long HTML block (left out below).
        func isParagraphLine(_ n: Int) -> Bool {
            let end = n + 1 < starts.count ? starts[n + 1] : text.count
            return !isBlank(n) && !isLiteral(n) && (known != nil || !opensLongHTMLBlock(text[starts[n]..<end]))
        }
        // Whether the group being built holds a line that may open a code
        // fence (a fence it opens runs on over the lines the next hit adds
        // to the same group).
        var mayOpenFence = false
        /// Ends the group: a fence it left open is closed, so that it cannot
        /// swallow the groups after it. Whether a run of backticks opens a
        /// fence depends on its container and indentation, so cmark decides,
        /// for the rare group that holds one.
        func closeGroup() {
            if mayOpenFence, let closer = cmarkOpenFenceCloser(result) { result.append(contentsOf: closer) }
            mayOpenFence = false
            groups.append(result)
            groupStarts.append(groupStart)
            result.removeAll(keepingCapacity: true)
        }
        for hit in hits {
            var first = max(hit - 1, lastLine + 1)
            // After a code or HTML block the hit starts a block of its own
            // (the block's lines would only stand in as thematic breaks).
            if first == hit - 1, isLiteral(first) { first = hit }
            // The two lines after the hit (a destination or title may follow
            // on its own line), and on to the end of its paragraph: a title
            // may span more lines.
            var last = hit
            while last + 1 < starts.count, isParagraphLine(last + 1) { last += 1 }
            last = max(last, min(hit + 2, starts.count - 1))
            guard first <= last else { continue }
            // The lines of the paragraph the hit continues, back to a blank
            // line or a code or HTML block: a line that would start a block
            // alone (`1.  `, `- `) may be paragraph text there, and then so
            // is the definition-like line after it (`p` / `1.  ` /
            // `[b]: /v` defines nothing).
            while first > lastLine + 1, isParagraphLine(first), isParagraphLine(first - 1) { first -= 1 }
            // An indented line may belong to a list item that began further
            // up (`1.  item`, a blank line, `    [x]: /u`): a group that would
            // start with one reaches back to a line at the margin, so that
            // every group parses alone as it does in the text. Each line is
            // taken once.
            // Such a line at the margin may itself be a lazy line of a
            // paragraph that began further up (`+ T` / `|` / blank /
            // `    [x]: /u`), and then so may the line before that.
            while isIndented(hit) || isIndented(first) {
                let before = first
                while first > lastLine + 1 && isIndentedOrBlank(first) { first -= 1 }
                while first > lastLine + 1, isParagraphLine(first), isParagraphLine(first - 1) { first -= 1 }
                if first == before { break }
            }
            if first > lastLine + 1, !result.isEmpty { closeGroup() }
            if result.isEmpty { groupStart = starts[first] }
            for line in first...last {
                let end = line + 1 < starts.count ? starts[line + 1] : text.count
                let content = text[starts[line]..<end]
                // A line of a code or HTML block defines nothing, and taken
                // without the lines of its block around it may not read as
                // one (`<script` / `[x]: /u`, its opener left out below,
                // would define): it becomes a thematic break under the same
                // containers, which ends a paragraph as the block did.
                // A blank line stays blank: with no prefix, its thematic
                // break would leave the list items it lies in (`- a` /
                // blank / `      code` / blank / `    b`).
                if let block = literal(at: line), !isBlank(line) {
                    result.append(contentsOf: Self.containerPrefix(of: content, before: block.lowerBound))
                    result.append(contentsOf: Array("***\n".utf8))
                    continue
                }
                // Where cmark's blocks are not known: left out, but as a blank
                // line (the HTML block ends the paragraph before it, so a
                // definition after it starts one). Where they are, a line
                // outside them is text (`\~ x` / `    <?` / `[7]:t`): its `<`
                // becomes a letter, so that it opens nothing when the group
                // is parsed alone.
                if opensLongHTMLBlock(content) {
                    guard known != nil, let open = content.firstIndex(of: UInt8(ascii: "<")) else {
                        result.append(0x0A)
                        continue
                    }
                    result.append(contentsOf: content[..<open] + [UInt8(ascii: "x")] + content[(open + 1)...])
                    if result.last != 0x0A, result.last != 0x0D { result.append(0x0A) }
                    continue
                }
                if !mayOpenFence, startsWithFenceRun(content) { mayOpenFence = true }
                result.append(contentsOf: content)
                if result.last != 0x0A, result.last != 0x0D { result.append(0x0A) }
            }
            lastLine = last
        }
        if !result.isEmpty { closeGroup() }
        return (groups, groupStarts)
    }

    /// The bytes of `line` before a code or HTML block that starts at
    /// `blockStart` (its list markers and indentation) or, on a later line
    /// of the block, the run of spaces, tabs and `>` at its start: the
    /// containers a line of the block stands in.
    private static func containerPrefix(of line: ArraySlice<UInt8>, before blockStart: Int) -> ArraySlice<UInt8> {
        if blockStart > line.startIndex { return line[..<min(blockStart, line.endIndex)] }
        let end = line.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") } ?? line.endIndex
        return line[..<end]
    }

    /// Whether a line (after container prefixes) starts with three or more
    /// backticks or tildes: it may open a code fence (an over-approximation;
    /// ``cmarkOpenFenceCloser(_:)`` decides).
    private static func startsWithFenceRun(_ line: ArraySlice<UInt8>) -> Bool {
        var i = line.startIndex
        while i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 || line[i] == UInt8(ascii: ">") { i += 1 }
        guard i < line.endIndex, line[i] == UInt8(ascii: "`") || line[i] == UInt8(ascii: "~") else { return false }
        return line[i...].prefix { $0 == line[i] }.count >= 3
    }

    /// Whether a line (after container prefixes) starts an HTML block that
    /// runs past blank lines (types 1–5).
    private static func opensLongHTMLBlock(_ line: ArraySlice<UInt8>) -> Bool {
        var i = line.startIndex
        while i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 || line[i] == UInt8(ascii: ">") { i += 1 }
        guard i < line.endIndex else { return false }
        if line[i] == UInt8(ascii: "<") {
            // HTML blocks of types 1–5, which only end at their end marker
            // (a `<destination>` on its own line is not one of them).
            let head = String(decoding: line[(i + 1)...].prefix(9), as: UTF8.self).lowercased()
            let declaration = head.dropFirst().first.map { $0.isASCII && $0.isLetter } ?? false
            return head.hasPrefix("!--") || line[(i + 1)...].starts(with: "![CDATA[".utf8)
                || (head.hasPrefix("!") && declaration)
                || head.hasPrefix("?")
                || ["pre", "script", "style", "textarea"].contains { tag in
                    head.hasPrefix(tag)
                        && (head.count == tag.count
                            || " \t\n\r>".contains(head[head.index(head.startIndex, offsetBy: tag.count)]))
                }
        }
        return false
    }

    /// The text to parse after `pieces` so that the link reference
    /// definitions they may use are in scope: the groups of ``references``
    /// that may define one of their labels, or else the whole ``context``
    /// if it can define anything at all.
    ///
    /// - Complexity: O(pieces) plus the groups returned, with
    ///   ``references``; O(context) without.
    private func contextText(for pieces: [[UInt8]]) -> [UInt8] {
        if let references { return references.lines(usedBy: pieces).after }
        var previous: UInt8 = 0
        for byte in context {
            if previous == UInt8(ascii: "]"), byte == UInt8(ascii: ":") { return context }
            previous = byte
        }
        return []
    }

    /// The inlines of a paragraph, an ATX heading line or the content lines
    /// of a setext heading, parsed again from `content` (container
    /// prefixes already removed), with link reference definitions in scope.
    ///
    /// With `afterTaskMarker`, the first line starts with a no-break space,
    /// which starts no block and is whitespace for delimiters, as the
    /// marker's space was: a task item's content (`- [x] * a`) may begin
    /// as a block would. (A paragraph's own first line may not: it may
    /// begin with the definitions cmark takes from it again.)
    ///
    /// The definitions in scope are parsed after the content, so that none
    /// of them can swallow it, except those that begin before `start` (the
    /// block's document offset), which are parsed before it: cmark takes
    /// the first definition of a label, and an earlier one must win over
    /// one on the block's own first lines (`[c]: /w` / blank / `[c]: /v` /
    /// `\~ [c]` links `/w`).
    ///
    /// With `lazyLines` (whether each line of `content` was a lazy
    /// continuation line with whitespace), `content` keeps the whitespace
    /// cmark keeps at the start of its lazy continuation lines (after the
    /// container prefixes the line has: `> a `b` / `  c`` has the code span
    /// `b   c`), and the content is parsed as a block quote whose lazy lines
    /// are lazy again, so that cmark keeps that whitespace again. A lazy
    /// line starts no block in either place: the same checks apply to the
    /// same bytes; the other continuation lines continue the quote,
    /// indented so that none starts a block (`>W` / ` [^1]` / `>     <div`).
    func inlines(
        ofBlockContent content: [UInt8], atx: Bool, afterTaskMarker: Bool = false, start: Int? = nil,
        lazyLines: [Bool]? = nil
    ) -> [Inline] {
        let split = start.flatMap { start in contextOffset.map { $0(start) } }
        let context: (before: [UInt8], after: [UInt8]) =
            references.map { $0.lines(usedBy: [content], splitAt: split) } ?? ([], contextText(for: [content]))
        var buffer: [UInt8] = []
        if !context.before.isEmpty {
            buffer.append(contentsOf: context.before)
            buffer.append(contentsOf: Self.separator)
        }
        let contentStart = buffer.count
        let quoted = lazyLines != nil && !atx
        if quoted { buffer.append(contentsOf: Array("> ".utf8)) }
        if afterTaskMarker { buffer.append(contentsOf: [0xC2, 0xA0]) }
        let fences = atx ? FenceLikeLines() : FenceLikeLines(content, skippingFirstLine: afterTaskMarker)
        var atLineStart = false
        var line = 0
        var fenceRun = 0
        var skipUntil = 0
        for (offset, byte) in content.enumerated() where offset >= skipUntil {
            if atLineStart, byte != 0x0A, !atx {
                line += 1
                // Continuation lines are indented so that none starts a
                // block; in the quote, a line that was not lazy continues it.
                if !quoted {
                    buffer.append(contentsOf: Array("    ".utf8))
                } else if let lazyLines, line < lazyLines.count, !lazyLines[line] {
                    buffer.append(contentsOf: Array(">     ".utf8))
                } else if let runStart = fences.closingLines[offset] {
                    // Its whitespace, inside the code span, before the break.
                    let lineBreak =
                        buffer.count
                        - (content[offset - 1] == 0x0A && offset > 1 && content[offset - 2] == 0x0D ? 2 : 1)
                    buffer.insert(contentsOf: content[offset..<runStart], at: lineBreak)
                    buffer.append(contentsOf: Array(">     ".utf8))
                    skipUntil = runStart
                    atLineStart = false
                    continue
                }
            }
            if fenceRun < fences.textRuns.count, fences.textRuns[fenceRun].contains(offset) {
                buffer.append(contentsOf: "&#96;".utf8)
                if offset + 1 == fences.textRuns[fenceRun].upperBound { fenceRun += 1 }
            } else {
                buffer.append(byte)
            }
            atLineStart = byte == 0x0A || byte == 0x0D
        }
        buffer.append(contentsOf: Self.separator)
        buffer.append(contentsOf: context.after)
        let blocks = buffer.withUnsafeBufferPointer { pointer in
            CmarkNodeReader.parse(pointer, smart: smart, contentStart: contentStart) { $0 }
        }
        let paragraph = quoted ? blocks.first?.children.first : blocks.first
        var inlines = paragraph?.kind.inlines ?? []
        if afterTaskMarker, case .text(let first)? = inlines.first, first.unicodeScalars.first == "\u{A0}" {
            let rest = String(first.unicodeScalars.dropFirst())
            if rest.isEmpty { inlines.removeFirst() } else { inlines[0] = .text(rest) }
        }
        return inlines
    }

    /// Parses, in one cmark run: a paragraph's content as inlines only (no
    /// link reference definitions are taken from it, as cmark-gfm leaves
    /// them in a paragraph split off a table), each cell as inlines, and a
    /// remainder of lines as blocks. The pieces come first and the context
    /// last, so an unclosed block in the context cannot swallow them,
    /// except the definitions that begin before `start` (the document
    /// offset of the pieces' block), which are parsed first: cmark takes
    /// the first definition of a label, and an earlier one must win over
    /// one in the remainder (`[b]: /early` / blank / `x|[b]` / `-|-` /
    /// `    more` / `[b]: /u` links `/early`).
    func reparse(paragraph: [UInt8]?, cells: [[UInt8]], remainder: Remainder?, start: Int? = nil) -> Reparsed {
        let pieces = [paragraph ?? []] + cells + [remainder?.bytes ?? []]
        let split = start.flatMap { start in contextOffset.map { $0(start - 1) } }
        let context: (before: [UInt8], after: [UInt8]) =
            references.map { $0.lines(usedBy: pieces, splitAt: split) } ?? ([], contextText(for: pieces))
        var buffer: [UInt8] = []
        if !context.before.isEmpty {
            buffer.append(contentsOf: context.before)
            buffer.append(contentsOf: Self.separator)
        }
        let lead = buffer.count
        var paragraphRange = lead..<lead
        if let paragraph {
            // A leading no-break space keeps the first line from being a
            // link reference definition; it is whitespace for delimiters.
            buffer.append(contentsOf: [0xC2, 0xA0])
            var atLineStart = false
            for byte in paragraph {
                if atLineStart, byte != 0x0A {
                    // Continuation lines are indented so that none starts a block.
                    buffer.append(contentsOf: Array("    ".utf8))
                }
                buffer.append(byte)
                atLineStart = byte == 0x0A || byte == 0x0D
                if byte == 0x0D { atLineStart = true }
            }
            buffer.append(contentsOf: Array("\n\n".utf8))
            paragraphRange = lead..<buffer.count
        }
        let cellStart = buffer.count
        // Cells without any byte cmark treats specially are their own text:
        // they need no parse.
        var plain: [Int: [Inline]] = [:]
        for (index, cell) in cells.enumerated() where isPlain(cell) {
            plain[index] = cell.isEmpty ? [] : [.text(String(decoding: cell, as: UTF8.self))]
        }
        for (index, cell) in cells.enumerated() where plain[index] == nil {
            buffer.append(contentsOf: Array("# ".utf8))
            for byte in cell where byte != 0x0A && byte != 0x0D { buffer.append(byte) }
            buffer.append(contentsOf: Array(" #\n".utf8))
        }
        let remainderStart = buffer.count + 1
        if let remainder {
            buffer.append(0x0A)
            buffer.append(contentsOf: remainder.bytes)
        }
        let contextStart = buffer.count
        buffer.append(contentsOf: Self.separator)
        buffer.append(contentsOf: context.after)

        let blocks = buffer.withUnsafeBufferPointer { pointer in
            CmarkNodeReader.parse(pointer, smart: smart, contentStart: 0) { offset in
                if offset < lead { return Self.leadBase + offset }
                if paragraphRange.contains(offset) { return Self.paragraphBase + offset }
                if offset < remainderStart { return Self.cellBase + offset - cellStart }
                // Blocks of the remainder may end on the blank lines after it.
                if offset < contextStart + 2, let remainder {
                    return remainder.documentOffset(min(offset - remainderStart, remainder.bytes.count))
                }
                return Self.contextBase + offset
            }
        }
        var result = Reparsed()
        var parsedCells: [[Inline]] = []
        for block in blocks {
            let start = block.range.lowerBound
            if start >= Self.contextBase {
                break
            } else if start >= Self.cellBase {
                parsedCells.append(block.kind.inlines ?? [])
            } else if start >= Self.paragraphBase {
                var inlines = block.kind.inlines ?? []
                if case .text(let first)? = inlines.first, first.unicodeScalars.first == "\u{A0}" {
                    let rest = String(first.unicodeScalars.dropFirst())
                    if rest.isEmpty { inlines.removeFirst() } else { inlines[0] = .text(rest) }
                }
                result.paragraph = inlines
            } else if start < Self.leadBase {
                result.remainder.append(block)
            }
        }
        // A block the remainder leaves open (a fence without its closing
        // line) ran on into the context: parse the remainder again at the
        // end of a buffer, as it is at the end of its container.
        // The block may be nested (a fence in a list item): look at every
        // range, or a context offset leaks into the document's ranges. An
        // HTML block in a list item that the thematic break closed holds
        // the blank lines before it (`2. v` / `   <!--`): its range runs to
        // the remainder's end.
        if let remainder {
            let end = remainder.documentOffset(remainder.bytes.count)
            if result.remainder.contains(where: { Self.runsIntoContext($0, remainderEnd: end) }) {
                result.remainder = remainderAtEnd(remainder)
            }
        }
        var next = 0
        for index in cells.indices {
            if let inlines = plain[index] {
                result.cells.append(inlines)
            } else {
                result.cells.append(next < parsedCells.count ? parsedCells[next] : [])
                next += 1
            }
        }
        return result
    }

    /// Whether `block` or a block inside it ends in the context (past the
    /// remainder and the blank lines after it), or is an HTML block that
    /// may hold those blank lines (it ends at `remainderEnd`, the
    /// document offset of the remainder's end).
    ///
    /// - Complexity: O(size of the subtree).
    private static func runsIntoContext(_ block: Block, remainderEnd: Int) -> Bool {
        var stack = [block]
        while let next = stack.popLast() {
            if next.range.upperBound >= contextBase { return true }
            if case .htmlBlock = next.kind, next.range.upperBound >= remainderEnd { return true }
            stack.append(contentsOf: next.children)
        }
        return false
    }

    /// The blocks of `remainder` parsed after the context (whose groups
    /// leave no block open, see ``referenceLines(of:outside:)``) and a
    /// thematic break, with nothing after them: an unclosed fence or HTML
    /// block ends where the remainder does.
    private func remainderAtEnd(_ remainder: Remainder) -> [Block] {
        var buffer = contextText(for: [remainder.bytes])
        buffer.append(contentsOf: Self.separator)
        let start = buffer.count
        buffer.append(contentsOf: remainder.bytes)
        let blocks = buffer.withUnsafeBufferPointer { pointer in
            CmarkNodeReader.parse(pointer, smart: smart, contentStart: start) { offset in
                remainder.documentOffset(min(max(offset - start, 0), remainder.bytes.count))
            }
        }
        return blocks
    }

    /// Whether cmark would parse the (trimmed) cell text as one text node
    /// equal to it: no escapes, entities, code, emphasis, links, HTML or
    /// line breaks, and no quotes, dots or dashes under smart punctuation.
    private func isPlain(_ cell: [UInt8]) -> Bool {
        for byte in cell {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "&"), UInt8(ascii: "_"), UInt8(ascii: "*"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "!"), 0x0A, 0x0D:
                return false
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "."), UInt8(ascii: "-"):
                if smart { return false }
            default:
                break
            }
        }
        return true
    }
}
