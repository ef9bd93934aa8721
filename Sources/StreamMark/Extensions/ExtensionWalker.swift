/// Walks a block tree and applies the enabled extensions.
struct ExtensionWalker {
    /// The document text, indexed by document offsets.
    let text: UnsafeBufferPointer<UInt8>
    /// The enabled extensions.
    let extensions: ParseOptions.Extensions
    /// Parses cell (and re-parsed paragraph) inlines.
    let cells: CellInlineParser
    /// Line geometry of `text`.
    let lines: SourceLines
    /// Set when a table inside containers ends at a line that has none of
    /// their prefixes: cmark-gfm closes the containers there, so the rest
    /// of the top-level block is parsed again outside them.
    let escape = Escape()
    /// Counts the work done (see ``ExtensionWork``).
    let work = ExtensionWork.Counter()
    /// The line of the last list item's marker, so that the items nested on
    /// one line find it in O(1).
    let itemLine = ItemLine()
    /// The paragraphs cmark-gfm makes tables of before cmark reads their
    /// definitions (see ``UnreadDefinitions``).
    let unread = UnreadDefinitions()
    /// The definitions of text that left a table's containers, which
    /// cmark-gfm reads and cmark does not (see ``EscapedDefinitions``).
    let escapedDefinitions = EscapedDefinitions()

    /// The bounds of one line, and the column of one of its offsets.
    final class ItemLine {
        /// Offset of the line's first byte (-1: none yet).
        var start = -1
        /// Offset of its line ending or the end of the text.
        var end = -1
        /// An offset of the line whose column is known…
        var cursor = 0
        /// … and that column (tabs expanded to multiples of 4).
        var cursorColumn = 0
    }

    /// A line after a table that has fewer of the containers' prefixes
    /// than the table: cmark-gfm closes the others there.
    struct Leaving {
        /// Document offset of the line's start.
        var offset: Int
        /// How many of the containers (quotes, items) the line still has.
        var depth: Int
    }

    /// Where the text that leaves its containers starts.
    final class Escape {
        /// Document offset of the first line outside the containers.
        var offset: Int?
        /// How many of the containers (quotes, items) the line still has.
        var depth = 0
        /// How many times so far a container's children were grouped
        /// anew: a rest parsed again inside a container, or followers
        /// parsed with the lines after a table.
        var regroupings = 0
    }

    /// Transforms the top-level blocks of a parse.
    ///
    /// - Parameter content: the document offsets the parse's blocks come
    ///   from, whose lines between blocks are looked at for tables in
    ///   definitions (``findTables(from:to:prefixes:)``); `nil` to skip.
    func transformTopLevel(_ blocks: [Block], content: Range<Int>? = nil) -> [Block] {
        var result: [Block] = []
        var index = 0
        if let content, extensions.contains(.table) {
            let none = PrefixChain(work: work)
            var end = content.lowerBound
            for block in blocks {
                if holdsLineBetween(end, block.range.lowerBound, sameLineCounts: end == content.lowerBound) {
                    findTables(from: end, to: lines.lineStart(of: block.range.lowerBound), prefixes: none)
                }
                end = block.range.upperBound
            }
            findTables(from: end, to: content.upperBound, prefixes: none)
        }
        while index < blocks.count {
            let top = PrefixChain(work: work)
            let (replacement, consumed) =
                Self.isContainer(blocks[index])
                ? (transform([blocks[index]], prefixes: top), 0)
                : transformLeaf(blocks[index], prefixes: top, followers: blocks[(index + 1)...])
            result.append(contentsOf: replacement)
            if let offset = escape.offset {
                escape.offset = nil
                // cmark began a list on the next line that could not have
                // interrupted the paragraph the rest begins with (`4.`).
                // The rest runs over the followers the block took in (a
                // table's paragraph whose lines after the table cmark-gfm
                // parsed with them, `   S` inside the item they began).
                let last = index + consumed
                let joined = blocksJoiningRest(after: last, in: blocks)
                let end = blocks[last + joined].range.upperBound
                result.append(contentsOf: transformTopLevel(reparsed(from: offset, to: end, prefixes: [])))
                index += joined
            }
            index += 1 + consumed
        }
        return result
    }

    /// The text from `start` to `end` parsed again as blocks inside the
    /// containers whose line prefixes are `prefixes`.
    private func reparsed(from start: Int, to end: Int, prefixes: [LinePrefix]) -> [Block] {
        var all: [SourceLine] = []
        var lineStart = start
        while lineStart < end {
            let line = lines.strip(lineStart: lineStart, prefixes: prefixes)
            all.append(line)
            guard line.endingLength > 0 else { break }
            lineStart = line.end + line.endingLength
        }
        guard var last = all.last else { return [] }
        // A fence the rest leaves open holds the blank lines after it.
        all += lines.blankLines(after: last, prefixes: prefixes)
        last = all[all.count - 1]
        let remainder = Remainder(lines: all[...], text: text)
        let blocks = cells.reparse(paragraph: nil, cells: [], remainder: remainder, start: start).remainder
        recordDefinitions(of: all, remainder, before: blocks.last)
        return Remainder.documentEnds(of: blocks, last: last, lines: lines, prefixes: prefixes)
    }

    /// Records the lines of a rest that may hold definitions cmark-gfm
    /// reads (``EscapedDefinitions``): all of them, or those before its last
    /// block if that is code or HTML reaching its last line that is not
    /// blank, which holds none and would take in the text after it. A rest
    /// is the text after a line that leaves a list item's table, or the
    /// lines after a table that cmark read as its paragraph's text
    /// (``TableBuilder``: `    more` / `[x]: /u` is code and a definition).
    func recordDefinitions(of lines: [SourceLine], _ remainder: Remainder, before last: Block?) {
        var count = lines.count
        if let last, let content = lines.last(where: { $0.contentStart < $0.end }),
            last.range.upperBound >= content.end
        {
            switch last.kind {
            case .codeBlock, .htmlBlock: count = lines.firstIndex { $0.end >= last.range.lowerBound } ?? count
            default: break
            }
        }
        let bytes = count == lines.count ? remainder.bytes : Remainder(lines: lines[..<count], text: text).bytes
        escapedDefinitions.record(bytes, at: lines[0].lineStart)
    }

    /// After a container's children: if the text left the containers inside
    /// it but keeps this one's prefix, the rest of this container is parsed
    /// again as its children; that rest may escape again (a second table
    /// in it).
    private func resumed(_ block: Block, inner: PrefixChain) -> Block {
        // Most containers hold no escape: no copy of the block for them.
        guard escape.offset != nil, escape.depth == inner.depth else { return truncated(block) }
        var block = block
        while let offset = escape.offset, escape.depth == inner.depth {
            escape.offset = nil
            escape.regroupings += 1
            block.children += transform(
                reparsed(from: offset, to: block.range.upperBound, prefixes: inner.array), prefixes: inner)
        }
        return truncated(block)
    }

    /// A container whose children are being transformed, and what to do
    /// with it once they are.
    enum Pending {
        /// A block quote.
        case quote(Block, inner: PrefixChain)
        /// A list, and how many regroupings (``Escape/regroupings``) came
        /// before it.
        case list(Block, ListAttributes, regroupingsBefore: Int)
        /// A list item; `leading` are children already transformed (the
        /// tables after a task marker), `rest` the children to transform.
        case item(Block, inner: PrefixChain, leading: [Block], rest: [Block])
    }

    /// One list of siblings being transformed.
    struct Level {
        var blocks: [Block]
        var prefixes: PrefixChain
        var pending: Pending?
        var index = 0
        var result: [Block] = []
        /// Set when text left the containers: the following siblings are part of it.
        var done = false
        /// For a quote or list item, where definitions may lie between
        /// its children (``findTables(before:of:)``).
        var gaps: Gaps?
    }

    /// A quote's or list item's (not a footnote's, whose marker line is
    /// rewritten) range, where its content starts, and whether that is on
    /// an item's marker line.
    struct Gaps {
        var container: Range<Int>
        var contentStart: Int
        var afterMarker = false

        /// The gaps of `block` whose last `rest` children are transformed
        /// (after a task marker's tables, the rest starts after them).
        init?(of block: Block, rest: Int) {
            switch block.kind {
            case .blockQuote:
                (container, contentStart) = (block.range, block.range.lowerBound)
            case .item:
                let leading = block.children.count - rest
                container = block.range
                contentStart = leading > 0 ? block.children[leading - 1].range.upperBound : block.range.lowerBound
                afterMarker = leading == 0
            default:
                return nil
            }
        }
    }

    /// Transforms sibling blocks that share the container prefixes `prefixes`.
    ///
    /// Iterative (an explicit stack of the containers entered), so any
    /// nesting depth is transformed on any thread's stack.
    func transform(_ blocks: [Block], prefixes: PrefixChain) -> [Block] {
        var levels = [Level(blocks: blocks, prefixes: prefixes)]
        levels[0].result.reserveCapacity(blocks.count)
        while true {
            let top = levels.count - 1
            if !levels[top].done, levels[top].index < levels[top].blocks.count {
                let index = levels[top].index
                let block = levels[top].blocks[index]
                let outer = levels[top].prefixes
                if let gaps = levels[top].gaps {
                    let end = index > 0 ? levels[top].blocks[index - 1].range.upperBound : gaps.contentStart
                    if holdsLineBetween(end, block.range.lowerBound, sameLineCounts: index == 0) {
                        findTables(before: index, of: levels[top])
                    }
                }
                if let pending = prepare(block, prefixes: outer) {
                    let (children, inner) = Self.children(of: pending, outer: outer)
                    let gaps = extensions.contains(.table) ? Gaps(of: block, rest: children.count) : nil
                    if !children.isEmpty {
                        levels.append(Level(blocks: children, prefixes: inner, pending: pending, gaps: gaps))
                        continue
                    }
                    findTables(before: 0, of: Level(blocks: [], prefixes: inner, gaps: gaps))
                    deliver(finish(pending, children: []), consumed: 0, to: &levels[top])
                } else {
                    let (replacement, consumed) = transformLeaf(
                        block, prefixes: outer, followers: levels[top].blocks[(index + 1)...])
                    deliver(replacement, consumed: consumed, to: &levels[top])
                }
                continue
            }
            let finished = levels.removeLast()
            findTables(before: finished.blocks.count, of: finished)
            guard let pending = finished.pending else { return finished.result }
            deliver(finish(pending, children: finished.result), consumed: 0, to: &levels[levels.count - 1])
        }
    }

    private func deliver(_ replacement: [Block], consumed: Int, to level: inout Level) {
        level.result.append(contentsOf: replacement)
        if escape.offset != nil { level.done = true }
        level.index += 1 + consumed
    }

    private static func isContainer(_ block: Block) -> Bool {
        switch block.kind {
        case .blockQuote, .list, .item, .footnoteDefinition: true
        default: false
        }
    }

    /// The children of a container still to transform, and their prefixes.
    private static func children(of pending: Pending, outer: PrefixChain) -> ([Block], PrefixChain) {
        switch pending {
        case .quote(let block, let inner): (block.children, inner)
        case .list(let block, _, _): (block.children, outer)
        case .item(_, let inner, _, let rest): (rest, inner)
        }
    }

    /// For a container (quote, list, item): what to do with it, after the
    /// work done before its children (an item's prefix, its task marker
    /// and the tables after it). `nil` for other blocks.
    private func prepare(_ block: Block, prefixes: PrefixChain) -> Pending? {
        var block = block
        switch block.kind {
        case .blockQuote:
            return .quote(block, inner: prefixes.appending(.quote))
        case .list(let attributes):
            return .list(block, attributes, regroupingsBefore: escape.regroupings)
        case .item:
            let inner = prefixes.appending(itemPrefix(itemStart: block.range.lowerBound, outer: prefixes))
            var taskContent: Int?
            if extensions.contains(.taskList) {
                taskContent = TaskListMarker(text: text).apply(to: &block)
            }
            if let taskContent, extensions.contains(.table), let first = block.children.first,
                case .paragraph = first.kind,
                let (replaced, consumed) = taking(
                    TableBuilder(walker: self).tables(
                        in: first, setextHeading: false, prefixes: inner, firstLineStart: taskContent,
                        followers: block.children.dropFirst()))
            {
                // The paragraph after a task marker starts after the marker.
                let rest = escape.offset == nil ? Array(block.children.dropFirst(1 + consumed)) : []
                return .item(block, inner: inner, leading: replaced, rest: rest)
            }
            return .item(block, inner: inner, leading: [], rest: block.children)
        case .footnoteDefinition:
            // The layer reads the rewritten buffer (``FootnoteCut``), where
            // a note is a list item four columns wide.
            let inner = prefixes.appending(itemPrefix(itemStart: block.range.lowerBound, outer: prefixes))
            return .item(block, inner: inner, leading: [], rest: block.children)
        default:
            return nil
        }
    }

    /// A container's replacement, given its transformed children.
    private func finish(_ pending: Pending, children: [Block]) -> [Block] {
        switch pending {
        case .quote(var block, let inner):
            block.children = children
            return [resumed(block, inner: inner)]
        case .list(var block, var attributes, let regroupingsBefore):
            block.children = children
            // The lines an escape cut off, or that a table's rest took
            // into a nested list, may hold the blank line that made cmark's
            // list loose: what is left decides again.
            let regrouped = escape.regroupings > regroupingsBefore
            if escape.offset != nil || regrouped, !attributes.tight, !holdsBlankLineBetweenChildren(block) {
                attributes.tight = true
                block.kind = .list(attributes)
            }
            // A rest parsed again in one of its items may follow a blank
            // line that cmark counted inside a nested list.
            if attributes.tight,
                Self.hasBlankEndedBlockBeforeMore(block, extensions: extensions)
                    || regrouped && holdsBlankLineBetweenChildren(block)
            {
                attributes.tight = false
                block.kind = .list(attributes)
            }
            return [truncated(block)]
        case .item(var block, let inner, let leading, _):
            block.children = leading + children
            return [resumed(block, inner: inner)]
        }
    }

    /// The blocks and count of followers a table's replacement takes, its
    /// line leaving the containers (if any) set as the escape the
    /// containers around resume from.
    private func taking(_ replacement: TableBuilder.Replacement?) -> ([Block], Int)? {
        guard let replacement else { return nil }
        if let leaving = replacement.leaving { (escape.offset, escape.depth) = (leaving.offset, leaving.depth) }
        if replacement.regrouped { escape.regroupings += 1 }
        return (replacement.blocks, replacement.consumed)
    }

    /// A container whose content was cut short by an escape ends with its
    /// last remaining child.
    private func truncated(_ block: Block) -> Block {
        guard escape.offset != nil, let last = block.children.last else { return block }
        var block = block
        block.range = block.range.lowerBound..<max(block.range.lowerBound, last.range.upperBound)
        return block
    }

    /// Transforms one block that is not a container (see
    /// ``prepare(_:prefixes:)``); returns its replacement and how many of
    /// the following siblings it absorbed (only ones starting on the next
    /// line).
    private func transformLeaf(_ block: Block, prefixes: PrefixChain, followers: ArraySlice<Block>) -> ([Block], Int) {
        var block = block
        switch block.kind {
        case .paragraph(let inlines):
            if extensions.contains(.table),
                let (replaced, consumed) = taking(
                    TableBuilder(walker: self).tables(
                        in: block, setextHeading: false, prefixes: prefixes, followers: followers))
            {
                return (replaced, consumed)
            }
            block.kind = .paragraph(
                inlines: reparsedInlines(block, prefixes: prefixes)
                    ?? inlineExtensions(
                        inlines,
                        backslashBreaks: backslashBreaks(
                            of: UnsafeBufferPointer(rebasing: text[block.range]), inlines: inlines),
                        angleAutolinks: angleAutolinks(in: block.range)))
            return ([block], 0)
        case .heading(let level, let inlines):
            if extensions.contains(.table), Self.isSetextHeading(block, in: text),
                let (replaced, consumed) = taking(
                    TableBuilder(walker: self).tables(
                        in: block, setextHeading: true, prefixes: prefixes, followers: followers))
            {
                return (replaced, consumed)
            }
            block.kind = .heading(
                level: level,
                inlines: reparsedInlines(block, prefixes: prefixes)
                    ?? inlineExtensions(inlines, angleAutolinks: angleAutolinks(in: block.range))
            )
            return ([block], 0)
        case .table(var attributes):
            attributes.header = attributes.header.map(cellExtensions)
            block.kind = .table(attributes)
            return ([block], 0)
        case .tableRow(let row):
            block.kind = .tableRow(cells: row.map(cellExtensions))
            return ([block], 0)
        case .codeBlock(let code) where extensions.contains(.math) && code.isMath:
            block.kind = .math(tex: code.literal)
            return ([block], 0)
        default:
            return ([block], 0)
        }
    }

    /// cmark-gfm marks two blocks of its extensions as ending with a blank
    /// line: a table without body rows (its delimiter row leaves the line
    /// blank) and a footnote definition with nothing after its marker (its
    /// only line is blank after the marker: `- [^1]:` / `- b`). Such a block
    /// followed by more content in its item, or its item by another item,
    /// makes a list loose (cmark's tight-list rule). Only the children of
    /// `items` (all of them if `nil`) are asked.
    static func hasBlankEndedBlockBeforeMore(
        _ list: Block, items: Range<Int>? = nil, extensions: ParseOptions.Extensions
    ) -> Bool {
        for itemIndex in items ?? list.children.indices {
            let item = list.children[itemIndex]
            for (childIndex, child) in item.children.enumerated()
            where (itemIndex + 1 < list.children.count || childIndex + 1 < item.children.count)
                && endsWithBlankLine(child, extensions: extensions)
            {
                return true
            }
        }
        return false
    }

    /// Whether `block`, followed through the last items of lists as cmark's
    /// `S_ends_with_blank_line` follows them, is such a block.
    private static func endsWithBlankLine(_ block: Block, extensions: ParseOptions.Extensions) -> Bool {
        var block = block
        while true {
            switch block.kind {
            case .table: return extensions.contains(.table) && block.children.isEmpty
            case .footnoteDefinition: return extensions.contains(.footnotes) && block.children.isEmpty
            case .list, .item:
                guard let last = block.children.last else { return false }
                block = last
            default: return false
            }
        }
    }

    private func cellExtensions(_ cell: TableCell) -> TableCell {
        var cell = cell
        cell.inlines = inlineExtensions(cell.inlines, angleAutolinks: angleAutolinks(in: cell.range))
        return cell
    }

    /// For a paragraph or heading whose source holds math (with math on),
    /// `\~` (with strikethrough) or an escape in a URL-shaped word (with
    /// autolinks): its inlines parsed again with the math replaced by
    /// stand-ins (see ``MathStandIns``) and those escapes kept apart (see
    /// ``EscapedTilde``), with the inline extensions applied. The same for
    /// a block where a strikethrough pair drops `*` or `_` runs that cmark
    /// paired (``CrossingDelimiters``). `nil` otherwise.
    ///
    /// With footnotes on and `[^` in the source, footnote references are
    /// replaced by stand-ins too (see ``FootnoteStandIns``); a candidate
    /// that cmark made a link of is parsed again as written (at most three
    /// parses in all).
    func reparsedInlines(_ block: Block, prefixes: PrefixChain) -> [Inline]? {
        let math = extensions.contains(.math) && MathScanner.mayHoldMath(text, block.range)
        let tildes = extensions.contains(.strikethrough) && EscapedTilde.occurs(in: text, block.range)
        let urls =
            extensions.contains(.autolink)
            && (EscapedTilde.occursInURL(in: text, block.range) || URLMarkup.mayOccur(in: text, block.range))
        let entities =
            (extensions.contains(.strikethrough) || extensions.contains(.autolink))
            && EntityStandIns.mayOccur(in: text, block.range)
        let escapes = (tildes || urls || entities) && !EscapedTilde.holdsStandIns(text, block.range)
        let footnotes = extensions.contains(.footnotes) && FootnoteStandIns.mayHold(text, block.range)
        var crossings =
            extensions.contains(.strikethrough)
            && CrossingDelimiters.mayOccur(in: text, block.range, smart: cells.smart)
        guard math || escapes || footnotes || crossings,
            let (content, atx, lazyLines, afterTaskMarker) = inlineSource(of: block, prefixes: prefixes)
        else {
            return nil
        }
        // A paragraph's leading definitions are cmark's again, as written.
        var definitions = 0
        if case .paragraph = block.kind { definitions = LeadingDefinitions.end(of: content) }
        let (definitionLines, inlineText) = (Array(content[..<definitions]), Array(content[definitions...]))
        var skipped: Set<Int> = []
        let links = crossings ? CrossingDelimiters.linkCount(block.kind.inlines ?? []) : 0
        let brackets = CrossingDelimiters.Brackets(links: links, isLinkLabel: cells.definesLinkLabel)
        for round in 0..<3 {
            var substitution = CellSubstitution(
                escapes: escapes, urls: urls, math: math ? MathStandIns() : nil,
                footnotes: footnotes
                    ? FootnoteStandIns(
                        skipped: skipped, isLinkLabel: cells.definesLinkLabel,
                        looksUpPlainLabels: cells.definesCaretLabels, quotesAreDelimiters: cells.smart) : nil,
                isLinkLabel: cells.definesLinkLabel)
            if crossings {
                substitution.crossings = (
                    cells.smart, extensions.contains(.math), brackets, extensions.contains(.autolink)
                )
            }
            let substituted = substitution.applied(to: inlineText)
            if case .paragraph(let inlines) = block.kind {
                substitution.backslashBreaks = substituted.withUnsafeBufferPointer {
                    backslashBreaks(of: $0, inlines: inlines)
                }
            }
            let source = definitionLines + substituted
            guard substitution.substituted else { return nil }
            substitution.angleAutolinks = substituted.withUnsafeBufferPointer { angleAutolinks(of: $0) }
            let parsed = cells.inlines(
                ofBlockContent: source, atx: atx, afterTaskMarker: afterTaskMarker, start: block.range.lowerBound,
                lazyLines: lazyLines)
            // An escaped run inside a label may make it match a
            // definition (`[a\*b]: /u`): then cmark's pairing stays.
            if substitution.crossed, CrossingDelimiters.linkCount(parsed) != links {
                crossings = false
                continue
            }
            let retries = substitution.retries(in: parsed).subtracting(skipped)
            if retries.isEmpty || round == 2 { return substitution.restored(parsed, walker: self) }
            skipped.formUnion(retries)
        }
        return nil
    }

    /// The inline source of a paragraph or heading: its content lines
    /// without their container prefixes and leading whitespace (except
    /// the whitespace cmark keeps at the start of a lazy continuation line),
    /// a setext heading's underline or a task item's marker; whether it is
    /// an ATX heading's one line; whether a lazy line kept whitespace
    /// (``CellInlineParser/inlines(ofBlockContent:atx:afterTaskMarker:start:lazyLines:)``);
    /// and whether a task marker was taken off its start.
    private func inlineSource(
        of block: Block, prefixes: PrefixChain
    ) -> (content: [UInt8], atx: Bool, lazyLines: [Bool]?, afterTaskMarker: Bool)? {
        let start = block.range.lowerBound
        var content: [UInt8] = []
        var laziness: [Bool] = []
        var afterTaskMarker = false
        let atx = Self.isATXHeading(block, in: text)
        if atx {
            content = Array(text[start..<lines.lineEnd(from: start)])
        } else {
            var all = lines.lines(of: block.range, prefixes: prefixes.array)
            if case .heading = block.kind {
                // Setext: the content lines end before the underline.
                guard
                    let underline = all.indices.dropFirst().first(where: { index in
                        let line = all[index]
                        guard !line.lazy, line.indent < 4, line.contentStart < line.end else { return false }
                        let mark = text[line.contentStart]
                        guard mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else { return false }
                        var i = line.contentStart
                        while i < line.end, text[i] == mark { i += 1 }
                        while i < line.end, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
                        return i == line.end
                    })
                else { return nil }
                all.removeSubrange(underline...)
            }
            // A task item's paragraph keeps its marker in the source: its
            // inlines start after it (and its spaces).
            if extensions.contains(.taskList), TaskListMarker(text: text).startsTaskParagraph(at: start) {
                var contentStart = start + 3
                while contentStart < all[0].end, text[contentStart] == 0x20 || text[contentStart] == 0x09 {
                    contentStart += 1
                }
                all[0].contentStart = contentStart
                if contentStart == all[0].end { all.removeFirst() } else { afterTaskMarker = true }
            }
            for line in all {
                if line.lazy, line.containerEnd < line.contentStart {
                    content.append(contentsOf: text[line.containerEnd..<line.contentStart])
                }
                laziness.append(line.lazy && line.containerEnd < line.contentStart)
                content.append(contentsOf: text[line.contentStart..<line.end])
                content.append(contentsOf: text[line.end..<line.end + line.endingLength])
            }
        }
        return (content, atx, laziness.contains(true) ? laziness : nil, afterTaskMarker)
    }

    /// The inline extensions (autolinks, strikethrough) over one block's
    /// inlines, nested at most ``InlineNesting/maximumDepth`` deep (nested
    /// `~~` pairs add levels).
    ///
    /// - Parameter escapes: whether the inlines hold stand-ins for escaped
    ///   characters (see ``EscapedTilde``).
    /// - Parameter backslashBreaks: for each line end of the block, in
    ///   order, whether it is a backslash line break (see
    ///   ``InlineExtensionPass/backslashBreaks``).
    /// - Parameter angleAutolinks: the block's autolinks holding a tilde
    ///   (see ``angleAutolinks(of:)``).
    func inlineExtensions(
        _ inlines: [Inline], escapes: Bool = false, backslashBreaks: [Bool]? = nil,
        angleAutolinks: AngleAutolinks? = nil
    ) -> [Inline] {
        InlineNesting.capped(
            InlineExtensionPass(
                autolink: extensions.contains(.autolink), strikethrough: extensions.contains(.strikethrough),
                smart: cells.smart, escapes: escapes, backslashBreaks: backslashBreaks,
                angleAutolinks: angleAutolinks?.confirmed(by: inlines)
            ).apply(inlines))
    }

    /// The autolinks `<…>` holding a tilde in `source`, the text cmark
    /// parses a block's inlines from, when strikethrough is on; `nil`
    /// otherwise and in nearly every block.
    ///
    /// - Complexity: O(1) without strikethrough; else see
    ///   ``AngleAutolinks/add(_:)``.
    func angleAutolinks(of source: UnsafeBufferPointer<UInt8>) -> AngleAutolinks? {
        extensions.contains(.strikethrough) ? AngleAutolinks.of(source) : nil
    }

    /// ``angleAutolinks(of:)`` for the source of a block or cell at `range`.
    private func angleAutolinks(in range: Range<Int>) -> AngleAutolinks? {
        angleAutolinks(of: UnsafeBufferPointer(rebasing: text[range]))
    }

    /// For a paragraph's inline text where a tilde stands right before a
    /// backslash line break (`~~\` / `s~~`): for each of its hard line
    /// breaks (a line ending in two spaces or in a backslash that escapes
    /// nothing else), whether it is a backslash one. Line ends inside code
    /// spans, autolinks and raw HTML are no breaks (``LiteralSpans``).
    /// `source` is the text cmark parses: the
    /// block's source, or the text a parse with stand-ins hands it, where
    /// a URL's line-end backslash is text (``EscapedTilde/lineEndBackslash``).
    /// `nil` for any other text, which is nearly all.
    ///
    /// - Complexity: O(inlines) when no text ending in `~` comes right
    ///   before a hard break (nearly always); else O(source.count) and the
    ///   scanners' look-aheads.
    func backslashBreaks(of source: UnsafeBufferPointer<UInt8>, inlines: [Inline]) -> [Bool]? {
        guard extensions.contains(.strikethrough), Self.holdsTildeBeforeHardBreak(inlines) else { return nil }
        var literals = LiteralSpans(source)
        var kinds: [Bool] = []
        var tildeBeforeBreak = false
        var i = 0
        while i < source.count {
            if let end = literals.end(at: i) {
                i = end
                continue
            }
            switch source[i] {
            case UInt8(ascii: "\\") where i + 1 < source.count && (source[i + 1] == 0x0A || source[i + 1] == 0x0D):
                if i > 0, source[i - 1] == UInt8(ascii: "~") { tildeBeforeBreak = true }
                kinds.append(true)
                i += 1
            case 0x0A where i == 0 || source[i - 1] != 0x0D, 0x0D:
                var spaces = i
                while spaces > 0, source[spaces - 1] == 0x20 { spaces -= 1 }
                if i - spaces >= 2 { kinds.append(false) }
                i += 1
            default:
                i += 1
            }
        }
        return tildeBeforeBreak ? kinds : nil
    }

    /// Whether a text ending in `~` comes right before a hard line break,
    /// at any depth.
    private static func holdsTildeBeforeHardBreak(_ inlines: [Inline]) -> Bool {
        inlines.indices.contains { index in
            if let children = inlines[index].containerChildren { return holdsTildeBeforeHardBreak(children) }
            guard case .text(let text) = inlines[index], text.utf8.last == UInt8(ascii: "~"),
                index + 1 < inlines.count, case .lineBreak = inlines[index + 1]
            else { return false }
            return true
        }
    }

    /// The prefix a list item adds inside the containers `outer`, as
    /// ``SourceLines/itemPrefix(itemStart:outer:)`` computes it.
    ///
    /// - Complexity: O(1) amortized for an item on the line of the previous
    ///   item's marker (`- - - x`); otherwise O(depth + length of its line).
    func itemPrefix(itemStart: Int, outer: PrefixChain) -> LinePrefix {
        if !(itemLine.start <= itemStart && itemStart < itemLine.end) {
            itemLine.start = lines.lineStart(of: itemStart)
            itemLine.end = lines.lineEnd(from: itemStart)
            itemLine.cursor = itemLine.start
            itemLine.cursorColumn = 0
            work.value.lineBytesScanned += itemLine.end - itemLine.start
        }
        let position = outer.position(lineStart: itemLine.start, lineEnd: itemLine.end, in: lines)
        // The marker's column: counted on from the prefixes' end (which may
        // lie inside a tab); past its first byte, columns are the line's.
        let markerColumn =
            position.offset < itemStart ? column(at: min(itemStart, itemLine.end)) : position.column
        // A line that lacks the outer prefixes is the marker line of an
        // enclosing item (`1. 1.`, `> 1. 1.`): this item is that item's
        // first block and starts where its content does, at no offset.
        return lines.itemPrefix(
            itemStart: itemStart, markerColumn: markerColumn,
            containerColumn: position.lazy ? markerColumn : position.column, lineEnd: itemLine.end)
    }

    /// The column of `offset` on the line of `itemLine`, counted on from
    /// its cursor (items on one line are visited left to right, so each
    /// byte of a line is counted about once).
    private func column(at offset: Int) -> Int {
        if offset < itemLine.cursor {
            itemLine.cursor = itemLine.start
            itemLine.cursorColumn = 0
        }
        var column = itemLine.cursorColumn
        for i in itemLine.cursor..<offset {
            if text[i] == 0x09 { column += 4 - column % 4 } else { column += 1 }
        }
        work.value.lineBytesScanned += offset - itemLine.cursor
        itemLine.cursor = offset
        itemLine.cursorColumn = column
        return column
    }

    /// Whether `block` is a setext heading: a heading that is not an ATX
    /// heading (see ``isATXHeading(_:in:)``).
    ///
    /// - Complexity: O(1).
    static func isSetextHeading(_ block: Block, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .heading = block.kind else { return false }
        return !isATXHeading(block, in: text)
    }

    /// Whether a heading is an ATX heading: it starts with one to six `#`
    /// followed by a space, a tab or the end of its line. A setext
    /// heading's first line may start with `#` too (`#x` or `#######`
    /// under `===`), but never with such an opener, which would have made
    /// it an ATX heading.
    ///
    /// - Complexity: O(1).
    static func isATXHeading(_ block: Block, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .heading = block.kind else { return false }
        var i = block.range.lowerBound
        while i < text.count, i - block.range.lowerBound < 7, text[i] == UInt8(ascii: "#") { i += 1 }
        let hashes = i - block.range.lowerBound
        guard hashes >= 1, hashes <= 6 else { return false }
        guard i < text.count else { return true }
        switch text[i] {
        case 0x20, 0x09, 0x0A, 0x0D: return true
        default: return false
        }
    }
}
