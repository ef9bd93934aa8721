/// The incremental parser behind ``StreamingDocument``.
///
/// ## The window
/// cmark cannot resume a parse, but CommonMark's block structure is decided
/// line by line: once a complete line has started a block after another one,
/// the earlier block is *closed* and nothing that follows can change its
/// structure. The engine therefore keeps the document as a frozen prefix of
/// closed blocks and a *window*: the text from the first line of the first
/// block that can still change to the end. Each append re-parses only the
/// window (a standalone cmark parse of that suffix, which CommonMark makes
/// identical to the corresponding part of a whole-document parse), converts
/// it, and diffs it against the previous window.
///
/// ## Nested windows
/// A window that starts at a top-level block would still grow without bound
/// inside one long container. When the open top-level block is
/// - a **list**, the window starts at its first open item (closed items are
///   frozen; their contribution to the list's looseness is kept);
/// - a **block quote**, the window starts at its first open child;
/// - a **fenced code block**, the window is the opening fence line followed by
///   the content lines that are not complete yet;
/// - an **indented code block**, the same with its first line in place of
///   the fence line (that line's literal is dropped from the window's);
/// so that per-append work is bounded by the chunk plus the innermost open
/// block. Each nested window is checked against the shape it must produce;
/// if the check fails the engine falls back to the top-level window, which
/// is always correct.
///
/// ## Link reference definitions
/// A definition changes links anywhere in the document. Frozen text that may
/// define labels (``ReferenceKeys``) is kept as *carriers*: when a window uses
/// a label a carrier may define, the carrier's text is parsed in front of the
/// window, with a thematic break between so that it cannot merge with it.
/// When the window's own definitions change, the frozen segments that use
/// their labels are re-parsed and diffed, which updates exactly the blocks
/// whose links changed.
struct IncrementalEngine: Sendable {
    let options: ParseOptions
    /// Identities of closed blocks.
    var closed: Set<BlockID> = []

    /// First byte of the window.
    var windowStart = 0
    /// `root.children[0..<frozenTop]` are closed.
    var frozenTop = 0
    /// The window inside the open top-level block, if narrowed (see
    /// ``NestedWindow``); otherwise the window starts at a top-level block.
    var nested: (any NestedWindow)? = nil
    /// Frozen text that may define or use reference labels, indexed by label.
    var references = ReferenceTracker()
    var windowDefinitionText: [UInt8] = []
    /// Where cmark's own blocks start in the last window (top level and one
    /// level down), before the extension layer split or merged any: only
    /// these can close the block before them.
    var rawStarts: Set<Int> = []
    var windowDefinitionKeys: Set<String> = []
    /// When a large window is parsed again (see ``RefreshSchedule``).
    var schedule = RefreshSchedule()
    /// Blocks the last window parse produced.
    var windowBlockCount = 0
    /// Swift-side work of the current update (see ``StreamingDocument/Statistics/Work``).
    var work = StreamingDocument.Statistics.Work()
    /// The appends answered without the window parse, tried in order
    /// (``makeShortcuts()``, ``AppendShortcut``).
    var shortcuts: [any AppendShortcut] = makeShortcuts()
    /// The shortcut that answered the last update, if one did.
    var answeredBy: (any AppendShortcut.Type)? = nil
    /// Whether the next append may be answered by a shortcut. Once a
    /// document holds footnote syntax, ``StreamingDocument`` allows them
    /// only while the blocks a shortcut may change hold none
    /// (`FootnoteSites.spareRightEdge`): the shortcuts do not know notes
    /// (a marker line ends a paragraph, a table or a run of definitions).
    var shortcutsEnabled = true
    /// Whether `[^label]:` lines are footnote markers, never link
    /// reference definitions (footnotes on).
    var footnoteMarkersDefineNothing: Bool { options.extensions.contains(.footnotes) }
    /// Where the text's last line starts, and how far the text has been
    /// scanned for it (``trackLastLine(_:)``): the text's length at the
    /// last update.
    var lastLineStart = 0
    var lastLineScanned = 0
    /// The text's length at the last ``ShortcutCheck`` (internal checks only).
    var lastCheckedCount = 0
    /// The bytes the last check handed cmark (``ShortcutCheck``).
    var lastCheckCost = 0

    typealias Segment = ReferenceTracker.Segment

    /// Parsed between a segment and what follows it: a thematic break at
    /// column 0 closes every open block (as the real next line did), and —
    /// unlike blank lines — does not stretch the end of the block before it.
    static let separator: [UInt8] = Array("***\n".utf8)

    init(options: ParseOptions) { self.options = options }

    // MARK: - Update

    /// Re-parses what can still change, updates `root` and appends the
    /// patches. Returns the number of bytes handed to cmark.
    mutating func update(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, final: Bool, patches: inout [Patch]
    ) -> Int {
        var parsed = 0
        work = StreamingDocument.Statistics.Work()
        answeredBy = nil
        let (lineStart, countBefore) = (lastLineStart, lastLineScanned)
        trackLastLine(text)
        if !final,
            answerByShortcut(
                root: &root, text: text, countBefore: countBefore, lineStart: lineStart, parsed: &parsed,
                patches: &patches)
        {
            return parsed
        }
        // A large window waits until it has grown enough (amortized O(n)).
        if !final && !schedule.isDue(text, windowStart: windowStart, blocks: windowBlockCount) { return parsed }
        schedule.didParse(textCount: text.count)
        let visitedBefore = references.visited
        defer { work.segmentsVisited = references.visited - visitedBefore }
        parseAndDiff(root: &root, text: text, parsed: &parsed, patches: &patches)
        if final {
            for block in root.children { close(block, into: &patches) }
            return parsed
        }
        let (start, hadReferences) = (windowStart, references.hasReferences)
        freeze(root: root, text: text, parsed: &parsed, patches: &patches)
        if references.hasReferences && (windowStart != start || !hadReferences) {
            recordWindowDefinitions(root: root, text: text)
        }
        shortcutsDidParseWindow(root: root, text: text, parsed: &parsed)
        return parsed
    }

    /// Parses the window, grafts it onto the frozen part, appends the
    /// patches of what changed, and updates the frozen blocks whose links
    /// the window's definitions changed.
    mutating func parseAndDiff(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int, patches: inout [Patch]
    ) {
        let window = parseWindow(text, parsed: &parsed)
        windowBlockCount = work.blocksConverted
        var blocks = window
        // Graft the window onto the frozen part.
        if !graftIsValid(blocks, root: root, text: text) {
            fallBackToTop(root: root, text: text)
            blocks = parseWindow(text, parsed: &parsed)
        }
        let skip = nested?.frozenChildren ?? 0
        // An open code block is extended in place; the diff covers only
        // what follows it.
        let from = frozenTop + (nested?.graftsInPlace == true ? 1 : 0)
        let mark = patches.count
        let oldView = Self.tailView(root, from: from, skip: skip)
        let codeUpdate = graft(blocks, into: &root, text: text)
        appendTailDiff(since: oldView, root: &root, from: from, skip: skip, text: text, patches: &patches)
        if let codeUpdate {
            let afterRoot = patches.count > mark && patches[mark] == .update(id: .document, value: root.value)
            patches.insert(codeUpdate, at: afterRoot ? mark + 1 : mark)
        }
        updateWindowDefinitions(root: &root, text: text, parsed: &parsed, patches: &patches)
    }

    // MARK: - Window parsing

    private mutating func parseWindow(_ text: UnsafeBufferPointer<UInt8>, parsed: inout Int) -> [Block] {
        let tail = windowStart..<text.count
        let stub = nested?.stub
        var buffer = carrierPrefix(for: tail, in: text)
        let contentStart = buffer.count
        var pieces: [(buffer: Int, document: Int)] = []
        if let stub {
            pieces.append((buffer.count, stub.lowerBound))
            buffer.appendStub(stub, of: text)
        }
        pieces.append((buffer.count, tail.lowerBound))
        buffer.append(contentsOf: text[tail])
        parsed += buffer.count
        work.bytesCopied += buffer.count
        var starts: Set<Int> = []
        // A window inside a quote parses the quote's open children under
        // the quote's markers: that quote is the document's, not a new one.
        let blocks = parse(
            buffer, contentStart: contentStart, pieces: pieces, text: text,
            alertsFrom: nested is QuoteWindow ? 1 : 0, rawStarts: &starts)
        rawStarts = starts
        return blocks
    }

    /// Parses `buffer`, keeping blocks that start in `contentStart..<contentEnd`,
    /// and maps their offsets through `pieces` (buffer offset → document
    /// offset, in order). The extension layer sees the buffer itself, whose
    /// text is contiguous even where the document's is not (a stub line in
    /// front of a window).
    ///
    /// `alertsFrom` is the index of the first block that may be an alert
    /// (``ParsePass/blocks(of:contentStart:contentEnd:shift:layerText:alertsFrom:converted:)``):
    /// a block standing for a container that began before the buffer
    /// (a window or segment inside a quote) is never one.
    mutating func parse(
        _ buffer: [UInt8], contentStart: Int, contentEnd: Int = .max, pieces: [(buffer: Int, document: Int)],
        text: UnsafeBufferPointer<UInt8>, alertsFrom: Int = 0
    ) -> [Block] {
        var starts: Set<Int> = []
        return parse(
            buffer, contentStart: contentStart, contentEnd: contentEnd, pieces: pieces, text: text,
            alertsFrom: alertsFrom, rawStarts: &starts)
    }

    private mutating func parse(
        _ buffer: [UInt8], contentStart: Int, contentEnd: Int = .max, pieces: [(buffer: Int, document: Int)],
        text: UnsafeBufferPointer<UInt8>, alertsFrom: Int, rawStarts: inout Set<Int>
    ) -> [Block] {
        // One piece: the content is contiguous document text, so offsets are
        // mapped while converting and the layer reads the document itself.
        let contiguous = pieces.count == 1
        let shift = pieces[0].document - pieces[0].buffer
        var blocks = ParsePass(options: options).blocks(
            of: buffer, contentStart: contentStart, contentEnd: contentEnd,
            shift: contiguous ? shift : 0, layerText: contiguous ? text : nil, alertsFrom: alertsFrom
        ) { converted in
            // The last parse's blocks count (see `converted`).
            rawStarts = []
            for block in converted {
                rawStarts.insert(block.range.lowerBound)
                for child in block.children { rawStarts.insert(child.range.lowerBound) }
            }
        }
        for block in blocks { work.blocksConverted += block.subtreeCount }
        if !contiguous {
            let mapping = OffsetMapping(pieces: pieces)
            for index in blocks.indices { blocks[index].remap(mapping) }
            rawStarts = Set(rawStarts.map(mapping.start))
        }
        return blocks
    }

    /// The text of the frozen segments whose definitions the text in `range`
    /// may use, each followed by ``separator``: what a standalone parse of
    /// that text needs in front of it.
    mutating func carrierPrefix(for range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var buffer: [UInt8] = []
        for segment in carriers(for: range, in: text) {
            buffer.append(contentsOf: text[segment.text])
            buffer.append(contentsOf: Self.separator)
        }
        return buffer
    }

    /// Frozen segments whose definitions the text in `range` may use.
    private mutating func carriers(for range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> [Segment] {
        guard references.hasDefinitions else { return [] }
        var range = range
        // Inside an open fenced code block nothing uses a label until a line
        // that may close the fence.
        if let code = nested as? CodeWindow, !code.isIndented(in: text) {
            range = Self.firstFenceLikeLine(in: text, range)..<range.upperBound
        }
        let keys = ReferenceKeys.references(in: text, range)
        return references.definers(of: keys).map { references.segments[$0] }
    }

    /// The start of the first line in `range` that starts with up to three
    /// spaces and a run of three backticks or tildes (`range.upperBound` if none).
    static func firstFenceLikeLine(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            var i = lineStart
            while i < range.upperBound && i - lineStart < 3 && text[i] == 0x20 { i += 1 }
            if i + 2 < range.upperBound, text[i] == UInt8(ascii: "`") || text[i] == UInt8(ascii: "~"),
                text[i + 1] == text[i], text[i + 2] == text[i]
            {
                return lineStart
            }
            lineStart = min(nextLineStart(after: lineStart, in: text), range.upperBound)
        }
        return range.upperBound
    }

    // MARK: - Grafting

    /// Whether the window's first block has the shape the nested window expects.
    private func graftIsValid(_ blocks: [Block], root: Block, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard frozenTop < root.children.count, let nested else { return true }
        return nested.accepts(blocks, container: root.children[frozenTop], text: text)
    }

    private mutating func fallBackToTop(root: Block, text: UnsafeBufferPointer<UInt8>) {
        nested = nil
        references.dropPending()
        if frozenTop < root.children.count {
            windowStart = Self.lineStart(of: root.children[frozenTop].range.lowerBound, in: text)
        }
    }

    /// Puts the window's blocks in place of the open part of the tree.
    /// Returns the open block's update when the nested window grafts it in
    /// place and its value changed (the diff does not cover it).
    private mutating func graft(_ blocks: [Block], into root: inout Block, text: UnsafeBufferPointer<UInt8>)
        -> Patch?
    {
        guard let nested else {
            root.children.replaceSubrange(frozenTop..., with: blocks)
            return nil
        }
        let copied = nested.graft(blocks[0], into: &root.children[frozenTop], text: text)
        root.children.replaceSubrange((frozenTop + 1)..., with: blocks.dropFirst())
        guard nested.graftsInPlace, let copied else { return nil }
        work.bytesCopied += copied
        return .update(id: root.children[frozenTop].id, value: root.children[frozenTop].value)
    }

    /// The document with only `children[from...]`, the first of them without
    /// its first `skip` children: the part of the tree a window can change.
    static func tailView(_ root: Block, from: Int, skip: Int) -> Block {
        var children = Array(root.children[min(from, root.children.count)...])
        if skip > 0, !children.isEmpty {
            let container = children[0]
            children[0] = Block(
                id: container.id, kind: container.kind, range: container.range,
                children: Array(container.children[min(skip, container.children.count)...]))
        }
        return Block(id: root.id, kind: root.kind, range: root.range, children: children)
    }

    /// Ends the document with the text and appends the patches of what
    /// changed in the part a window can change since `oldView` (the
    /// ``tailView(_:from:skip:)`` taken before the change).
    mutating func appendTailDiff(
        since oldView: Block, root: inout Block, from: Int, skip: Int, text: UnsafeBufferPointer<UInt8>,
        patches: inout [Patch]
    ) {
        root.range = 0..<text.count
        let newView = Self.tailView(root, from: from, skip: skip)
        appendDiff(from: oldView, to: newView, first: from, skip: skip, into: &patches)
        work.blocksCompared += oldView.subtreeCount + newView.subtreeCount
    }

    private func appendDiff(from old: Block, to new: Block, first: Int, skip: Int, into patches: inout [Patch]) {
        let containerID = skip > 0 ? new.children.first?.id : nil
        var diff: [Patch] = []
        TreeDiff.appendPatches(from: old, to: new, into: &diff)
        for patch in diff {
            switch patch {
            case .insert(let parent, let index, let block):
                patches.append(
                    .insert(parent: parent, index: index + offset(parent, containerID, first, skip), block: block))
            case .move(let id, let parent, let index):
                patches.append(.move(id: id, parent: parent, index: index + offset(parent, containerID, first, skip)))
            default:
                patches.append(patch)
            }
        }
    }

    private func offset(_ parent: BlockID, _ containerID: BlockID?, _ first: Int, _ skip: Int) -> Int {
        if parent == .document { return first }
        if parent == containerID { return skip }
        return 0
    }

    // MARK: - Freezing

    /// Closes `block` with its subtree: one `close` patch for the block, none
    /// for its descendants (a closed block's subtree is final). A block closed
    /// before its parent (an item of a loose list) got its own patch then.
    ///
    /// - Complexity: O(subtree) once per block; O(1) if it is already closed.
    private mutating func close(_ block: Block, into patches: inout [Patch]) {
        guard closed.insert(block.id).inserted else { return }
        patches.append(.close(id: block.id))
        for child in block.children { closeSilently(child) }
    }

    /// Marks `block` and its subtree closed, skipping subtrees already
    /// closed (iterative: any depth on any stack).
    private mutating func closeSilently(_ block: Block) {
        block.visit { closed.insert($0.id).inserted }
    }

    /// Moves closed blocks out of the window and narrows it.
    private mutating func freeze(
        root: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int, patches: inout [Patch]
    ) {
        let top = root.children
        let (count, newStart, containerEnd) = closedTopBlocks(top, text: text)
        if count > 0 {
            var first = frozenTop
            var gapAfterTable: Range<Int>? = nil
            if let nested {
                gapAfterTable = recordClosing(nested, top[frozenTop], containerEnd: containerEnd, text: text)
                first += 1
                windowStart = containerEnd
            }
            references.commitPending()
            if let gap = gapAfterTable {
                addSegment(
                    gap, place: .top((frozenTop + 1)..<(frozenTop + 1)), blocks: [], text: text, pending: false)
            }
            if first < frozenTop + count {
                addSegment(
                    windowStart..<newStart, place: .top(first..<(frozenTop + count)),
                    blocks: top[first..<(frozenTop + count)], text: text, pending: false)
            }
            for block in top[frozenTop..<(frozenTop + count)] { close(block, into: &patches) }
            frozenTop += count
            windowStart = newStart
            nested = nil
        }
        // A single open top-level block: narrow the window inside it.
        guard frozenTop == top.count - 1 else { return }
        let container = top[frozenTop]
        // Text before the open block that holds no block (paragraphs that
        // were only link reference definitions) leaves the window as a
        // carrier of its definitions.
        let containerLine = Self.lineStart(of: container.range.lowerBound, in: text)
        if nested == nil, windowStart < containerLine, Self.isDetermined(container, in: text) {
            addSegment(
                windowStart..<containerLine, place: .top(frozenTop..<frozenTop), blocks: [], text: text,
                pending: false)
            windowStart = containerLine
        }
        switch container.kind {
        case .list:
            narrowList(container, text: text, parsed: &parsed, patches: &patches)
        case .blockQuote, .alert:
            narrowQuote(container, text: text, patches: &patches)
        case .codeBlock(let code):
            narrowCode(container, code: code, text: text)
        case .table:
            narrowTable(container, text: text, patches: &patches)
        default:
            break
        }
    }

    /// How many top-level blocks from `frozenTop` on are closed, where the
    /// window then starts, and where the first of them ends (the start of
    /// the line after it). A block is closed when a block after it starts
    /// on a complete line, or when a complete line after its end starts a
    /// paragraph of link reference definitions, which leaves no block
    /// (``closingLine(after:in:)``).
    private func closedTopBlocks(
        _ top: [Block], text: UnsafeBufferPointer<UInt8>
    ) -> (count: Int, newStart: Int, containerEnd: Int) {
        var i = top.count - 1
        while i > frozenTop {
            if rawStarts.contains(top[i].range.lowerBound) && Self.isDetermined(top[i], in: text) {
                let containerEnd = Self.lineStart(of: top[frozenTop + 1].range.lowerBound, in: text)
                return (i - frozenTop, Self.lineStart(of: top[i].range.lowerBound, in: text), containerEnd)
            }
            i -= 1
        }
        if frozenTop == top.count - 1, Self.closesAtUnindentedLine(top[frozenTop]),
            let line = Self.closingLine(after: top[frozenTop], in: text)
        {
            return (1, line, line)
        }
        return (0, 0, 0)
    }

    /// Whether an unindented line after a blank line ends `block` whatever
    /// the line holds: not for a code or HTML block, whose range may end
    /// before its trailing blank lines while it is open (a fence or an
    /// HTML comment goes on across blank lines).
    static func closesAtUnindentedLine(_ block: Block) -> Bool {
        switch block.kind {
        case .paragraph, .heading, .list, .blockQuote, .alert, .table, .thematicBreak: true
        default: false
        }
    }

    /// The start of the line that closed `block` without starting a block
    /// of its own, if there is one: after the block's last line, one or
    /// more blank lines, then a complete line that starts with a byte
    /// other than a space or a tab. After a blank line such a line
    /// continues no paragraph (no lazy continuation) and no list item or
    /// quote (it is not indented and it is outside the block's range, so
    /// no list marker or `>` made it part of the block): the block is
    /// closed, and what the line starts is the window's. It starts no
    /// block when it is link reference definitions (a changelog's run of
    /// `[98755]: https://…` lines after its list), which is when the
    /// engine needs this rule: nothing else would ever close the block,
    /// and the whole run would be parsed again with it.
    ///
    /// - Complexity: O(the blank lines after the block + one line).
    static func closingLine(after block: Block, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var lineStart = nextLineStart(after: max(block.range.lowerBound, block.range.upperBound - 1), in: text)
        var sawBlank = false
        while lineStart < text.count {
            guard startsOnCompleteLine(lineStart, in: text) else { return nil }
            let next = nextLineStart(after: lineStart, in: text)
            var i = lineStart
            while i < next, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
            let blank = i == next || text[i] == 0x0A || text[i] == 0x0D
            if !blank { return sawBlank && i == lineStart ? lineStart : nil }
            sawBlank = true
            lineStart = next
        }
        return nil
    }

    /// Records, when the open block closes, the frozen segments of its
    /// window part. Returns the text between a closed table and the next
    /// block (blank lines, link reference definitions), which is not a row
    /// and gets a segment of its own after the table's.
    private mutating func recordClosing(
        _ nested: any NestedWindow, _ container: Block, containerEnd: Int, text: UnsafeBufferPointer<UInt8>
    ) -> Range<Int>? {
        if nested is CodeWindow {
            // Code defines and uses no labels, but the lines between the
            // closing fence and the next block may hold definitions.
            let afterFence = Self.nextLineStart(after: container.range.upperBound, in: text)
            let gapStart = min(max(windowStart, afterFence), containerEnd)
            addSegment(
                gapStart..<containerEnd, place: .top((frozenTop + 1)..<(frozenTop + 1)), blocks: [], text: text,
                pending: false)
            return nil
        }
        let k = nested.frozenChildren
        var end = containerEnd
        var gap: Range<Int>? = nil
        if nested is TableWindow {
            let rowsEnd = Self.nextLineStart(after: container.range.upperBound, in: text)
            end = min(max(windowStart, rowsEnd), containerEnd)
            gap = end..<containerEnd
        }
        addSegment(
            windowStart..<end, place: .nested(top: frozenTop, k..<container.children.count),
            blocks: [Self.part(of: container, from: k)], text: text, pending: true, stub: nested.stub)
        return gap
    }

    /// The index of the last child from `first` that is followed by a sibling
    /// starting on a complete line, plus one (0 if none).
    private func closedChildren(
        _ children: [Block], from first: Int, in text: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var i = children.count - 1
        while i > first {
            if rawStarts.contains(children[i].range.lowerBound) && Self.isDetermined(children[i], in: text) {
                return i
            }
            i -= 1
        }
        return 0
    }

    private mutating func narrowList(
        _ list: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int, patches: inout [Patch]
    ) {
        var (k, loose) = (0, false)
        if let list = nested as? ListWindow { (k, loose) = (list.frozenItems, list.frozenLoose) }
        let wasLoose = loose
        let end = closedChildren(list.children, from: k, in: text)
        guard end > k else { return }
        // Looseness contributed by the items being frozen: parse them plus the
        // first line of the next item (which contributes nothing). A list
        // that is tight as a whole has none to learn (one parse, not two, for
        // a long tight list arriving at once).
        let nextStart = list.children[end].range.lowerBound
        if case .list(let attributes) = list.kind, !attributes.tight {
            let probeEnd = Self.nextLineStart(after: nextStart, in: text)
            let probe = Array(text[windowStart..<probeEnd])
            parsed += probe.count
            work.bytesCopied += probe.count
            let probeBlocks = probe.withUnsafeBufferPointer {
                CmarkNodeReader.parse($0, smart: false, contentStart: 0, mapOffset: { $0 })
            }
            for block in probeBlocks { work.blocksConverted += block.subtreeCount }
            if case .list(let attributes)? = probeBlocks.first?.kind, !attributes.tight { loose = true }
        }
        // The extension layer can loosen a list too (a table without body
        // rows before more content): ask it about the items being frozen,
        // each followed by another item. Not about that next item: it is
        // open, and its table may still gain a body row.
        if ExtensionLayer.loosens(list, items: k..<end, options: options) { loose = true }
        let newStart = Self.lineStart(of: nextStart, in: text)
        addSegment(
            windowStart..<newStart, place: .nested(top: frozenTop, k..<end), blocks: list.children[k..<end],
            text: text, pending: true)
        // An item of a list that is still tight is not closed yet: its
        // paragraphs render with or without `<p>` depending on the whole
        // list, and a later blank line between items can still loosen it.
        // Looseness is final once frozen items have it, so the items frozen
        // so far close then; otherwise they close with the list.
        if loose {
            for item in list.children[(wasLoose ? k : 0)..<end] { close(item, into: &patches) }
        }
        windowStart = newStart
        nested = ListWindow(frozenItems: end, frozenLoose: loose)
    }

    private mutating func narrowQuote(_ quote: Block, text: UnsafeBufferPointer<UInt8>, patches: inout [Patch]) {
        var k = 0
        if let quote = nested as? QuoteWindow { k = quote.frozenChildren }
        let end = closedChildren(quote.children, from: k, in: text)
        guard end > k else { return }
        let newStart = Self.lineStart(of: quote.children[end].range.lowerBound, in: text)
        addSegment(
            windowStart..<newStart, place: .nested(top: frozenTop, k..<end), blocks: quote.children[k..<end],
            text: text, pending: true)
        for child in quote.children[k..<end] { close(child, into: &patches) }
        windowStart = newStart
        nested = QuoteWindow(frozenChildren: end)
    }

    private mutating func narrowTable(_ table: Block, text: UnsafeBufferPointer<UInt8>, patches: inout [Patch]) {
        var k = 0
        var stub: Range<Int>
        if let window = nested as? TableWindow {
            (stub, k) = (window.header, window.frozenRows)
        } else if nested == nil, let first = table.children.first {
            stub =
                Self.lineStart(
                    of: table.range.lowerBound, in: text)..<Self.lineStart(of: first.range.lowerBound, in: text)
            // A header line that may begin a link reference definition
            // (`[x]: /h '|b`): a title opened on it may close on any later
            // row and make the whole table one definition, so no row is
            // settled while the table lasts.
            guard ReferenceKeys.definitions(in: text, [stub], footnotes: footnoteMarkersDefineNothing).isEmpty else {
                return
            }
        } else {
            return
        }
        // Every row but the last is closed: a row is one line, and the lines
        // after it cannot change it (cmark-gfm takes each line as a row or
        // ends the table). The last row stays in the window, which keeps
        // the table's end.
        var end = table.children.count - 1
        // The window starts at a row that continues cmark's paragraph, as
        // it does after the stub. A row that starts a block of cmark's (the
        // line after a `===` underline) stays in the window with the row
        // before it: it starts a paragraph, where `[x]: /u` is a link
        // reference definition and no row, but after the stub it would be
        // a continuation line.
        while end > k, rawStarts.contains(table.children[end].range.lowerBound) { end -= 1 }
        // A row that is a setext underline for cmark (`=`) ends cmark's
        // paragraph there: the lines after it start a new one, where a
        // definition defines, titles on later lines included. Parsed after
        // the stub, they would continue the stub's paragraph instead, so
        // the window keeps that row and all after it.
        if let underline = table.children[k..<end].firstIndex(where: {
            Self.isEqualsUnderline(at: $0.range.lowerBound, in: text)
        }) {
            end = underline
        }
        guard end > k else { return }
        let newStart = Self.lineStart(of: table.children[end].range.lowerBound, in: text)
        for row in table.children[k..<end] { close(row, into: &patches) }
        addSegment(
            max(windowStart, stub.upperBound)..<newStart, place: .nested(top: frozenTop, k..<end), blocks: [],
            text: text, pending: true, stub: stub)
        windowStart = newStart
        nested = TableWindow(header: stub, frozenRows: end)
    }

    private mutating func narrowCode(_ block: Block, code: CodeBlockAttributes, text: UnsafeBufferPointer<UInt8>) {
        var fenceLine: Range<Int>
        var frozenLength = 0
        var frozenEnd = -1
        var contentStart: Int
        if let window = nested as? CodeWindow {
            (fenceLine, frozenLength, frozenEnd) = (window.fenceLine, window.frozenLength, window.frozenEnd)
            contentStart = windowStart
        } else if nested == nil {
            let start = Self.lineStart(of: block.range.lowerBound, in: text)
            let end = Self.nextLineStart(after: block.range.lowerBound, in: text)
            guard end <= text.count, Self.startsOnCompleteLine(block.range.lowerBound, in: text) else { return }
            fenceLine = start..<end
            contentStart = end
            if !code.fenced {
                // An indented block: its first line is the stub, and frozen.
                guard let stubContent = CodeWindow.indentedStubContent(fenceLine, in: text),
                    CodeWindow.literal(code.literal, startsWithLine: stubContent, in: text)
                else { return }
                frozenLength = stubContent.count + 1
                frozenEnd = Self.lineEnd(of: start, in: text)
            }
        } else {
            return
        }
        // Content lines of the window: the window's literal has one line per
        // content line. Freeze those that are complete.
        let windowLiteral = Array(code.literal.utf8.dropFirst(frozenLength))
        var lines = 0
        var literalEnd = 0
        var position = contentStart
        for (index, byte) in windowLiteral.enumerated() where byte == 0x0A {
            let next = Self.nextLineStart(after: position, in: text)
            guard Self.startsOnCompleteLine(position, in: text), next <= text.count else { break }
            lines += 1
            literalEnd = index + 1
            frozenEnd = Self.lineEnd(of: position, in: text)
            position = next
        }
        guard lines > 0 else {
            if nested == nil {
                nested = CodeWindow(fenceLine: fenceLine, frozenLength: frozenLength, frozenEnd: frozenEnd)
                windowStart = contentStart
            }
            return
        }
        windowStart = position
        nested = CodeWindow(fenceLine: fenceLine, frozenLength: frozenLength + literalEnd, frozenEnd: frozenEnd)
    }

    /// Records frozen text as a segment if it may define or use labels.
    /// The text of code and HTML blocks among `blocks` is not scanned: it
    /// can neither define nor use a label.
    private mutating func addSegment(
        _ range: Range<Int>, place: Segment.Place, blocks: some Collection<Block>,
        text: UnsafeBufferPointer<UInt8>, pending: Bool, stub: Range<Int>? = nil
    ) {
        guard !range.isEmpty else { return }
        let gaps = ReferenceKeys.gaps(of: range, excluding: blocks)
        let uses = ReferenceKeys.references(in: text, gaps)
        // Table rows (a segment with the table's header stub) never define:
        // for cmark the whole table is one paragraph that began at the
        // header line, so a `[x]: …` row is continuation text.
        let definitions =
            stub == nil && ReferenceKeys.mayDefine(text, gaps)
            ? ReferenceKeys.definitions(in: text, gaps, footnotes: footnoteMarkersDefineNothing) : []
        guard !uses.isEmpty || !definitions.isEmpty else { return }
        var segment = Segment(text: range, place: place, references: uses, definitions: definitions, stub: stub)
        if !definitions.isEmpty { segment.certainDefinitions = ReferenceKeys.certainDefinitions(in: text, gaps) }
        references.add(segment, pending: pending)
    }

    // MARK: - Definitions in the window

    /// When the window's link reference definitions change, re-parses the
    /// frozen segments that use their labels and emits updates for the blocks
    /// whose links changed.
    private mutating func updateWindowDefinitions(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int, patches: inout [Patch]
    ) {
        // While no frozen text uses a label, nothing needs the window's
        // definitions (the window's own blocks see them in its parse); the
        // update that freezes the first user records them
        // (``recordWindowDefinitions(root:text:)``).
        guard references.hasReferences else { return }
        guard let (definitionText, keys) = windowDefinitions(root: root, text: text) else {
            // Nothing defined before or now; forget the text too, or a
            // definition-like line that defined nothing (`\\[foo]: /url`)
            // would look like a window definition for the rest of the stream.
            windowDefinitionText = []
            return
        }
        guard definitionText != windowDefinitionText else { return }
        // Labels a frozen segment certainly defines keep that definition.
        let affectedKeys = references.undecided(keys.union(windowDefinitionKeys))
        windowDefinitionText = definitionText
        windowDefinitionKeys = keys
        let users = references.users(of: affectedKeys)
        guard !users.isEmpty else { return }
        var window: [UInt8] = []
        if let stub = nested?.stub { window.appendStub(stub, of: text) }
        window.append(contentsOf: text[windowStart..<text.count])
        for index in users {
            reparse(
                references.segments[index], window: window, root: &root, text: text, parsed: &parsed,
                patches: &patches)
        }
    }

    /// The window's definition regions and the labels they may define;
    /// `nil` when the window may define nothing and held no definition at
    /// its last parse. Code and HTML blocks of the window define nothing,
    /// nor do the rows of an open table that continue cmark's paragraph
    /// (``TableWindow/nonDefiningEnd(from:table:text:)``).
    ///
    /// - Complexity: O(window).
    private func windowDefinitions(root: Block, text: UnsafeBufferPointer<UInt8>) -> ([UInt8], Set<String>)? {
        var start = windowStart
        if let table = nested as? TableWindow, frozenTop < root.children.count,
            case .table = root.children[frozenTop].kind
        {
            start = table.nonDefiningEnd(from: windowStart, table: root.children[frozenTop], text: text)
        }
        let tail = ReferenceKeys.gaps(of: start..<text.count, excluding: windowBlocks(root))
        let mayDefine = ReferenceKeys.mayDefine(text, tail)
        guard mayDefine || !windowDefinitionKeys.isEmpty else { return nil }
        guard mayDefine else { return ([], []) }
        return (
            tail.flatMap { Self.definitionRegions(text, $0) },
            ReferenceKeys.definitions(in: text, tail, footnotes: footnoteMarkersDefineNothing)
        )
    }

    /// Records the window's definitions as they are after ``freeze``, when
    /// the window moved (the definitions of the text that left it are now
    /// in scope from its carrier segment, so no use changes) or frozen text
    /// uses a label for the first time: a block that froze in the same
    /// update as a definition arrived must be parsed again when that
    /// definition goes away (`[a]` / `***` / `[a]: b`, then ` c`: found by
    /// the differential fuzzer).
    ///
    /// - Complexity: O(window).
    private mutating func recordWindowDefinitions(root: Block, text: UnsafeBufferPointer<UInt8>) {
        let (definitionText, keys) = windowDefinitions(root: root, text: text) ?? ([], [])
        (windowDefinitionText, windowDefinitionKeys) = (definitionText, keys)
    }

    /// The blocks of the window (the open part of the tree), top down.
    private func windowBlocks(_ root: Block) -> [Block] {
        guard frozenTop < root.children.count else { return [] }
        var blocks = Array(root.children[(frozenTop + 1)...])
        let open = root.children[frozenTop]
        blocks.insert(contentsOf: nested?.openBlocks(of: open) ?? [open], at: 0)
        return blocks
    }

    /// `container` with only its children from `first` on: what
    /// ``ReferenceKeys/gaps(of:excluding:)`` must see of a container's
    /// open part. The container's range bounds its children's: cmark ends
    /// a fenced code block that the end of its block quote closed (`> ~~~`,
    /// then a line without `>`) at the end of the line that closed it,
    /// past the quote, and that line may hold a definition (`[a]: /u`).
    ///
    /// - Complexity: O(children of `container`).
    static func part(of container: Block, from first: Int) -> Block {
        Block(
            id: container.id, kind: container.kind, range: container.range,
            children: Array(container.children[min(first, container.children.count)...]))
    }

    /// The lines of `range` from each line containing `]:` to the next blank line.
    static func definitionRegions(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        var inRegion = false
        appendDefinitionRegions(text, range, inRegion: &inRegion, to: &result)
        return result
    }

    /// Appends the definition regions of `range` (see
    /// ``definitionRegions(_:_:)``) to `result`, starting inside a region
    /// if `inRegion`, which is left as it is after the range's last line.
    static func appendDefinitionRegions(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inRegion: inout Bool, to result: inout [UInt8]
    ) {
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let next = min(nextLineStart(after: lineStart, in: text), range.upperBound)
            let line = text[lineStart..<next]
            let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            if !inRegion, ReferenceKeys.mayDefine(text, lineStart..<next) { inRegion = true }
            if inRegion && blank { inRegion = false }
            if inRegion { result.append(contentsOf: line) }
            lineStart = next
        }
    }

    /// Re-parses one frozen segment with every definition in scope and diffs
    /// its blocks against the current ones. Only inline content is taken from
    /// the re-parse: definitions never change block structure, and cmark's
    /// end positions depend on the line that followed a block, which a
    /// standalone re-parse cannot reproduce.
    ///
    /// - Parameter window: what is parsed after the segment and its
    ///   carriers: the window's text (after its stub), or as much of it as
    ///   holds every definition of the segment's labels that it holds.
    /// - Returns: whether the re-parse gave the segment's blocks (the same
    ///   number, with the same ids) and was taken; `false` leaves the tree
    ///   as it was.
    @discardableResult
    mutating func reparse(
        _ segment: Segment, window: [UInt8], root: inout Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        var buffer: [UInt8] = []
        let carriers = references.definers(of: segment.references).map { references.segments[$0] }
        for carrier in carriers where carrier.text.upperBound <= segment.text.lowerBound {
            buffer.append(contentsOf: text[carrier.text])
            buffer.append(contentsOf: Self.separator)
        }
        let contentStart = buffer.count
        var pieces = [(buffer: contentStart, document: segment.text.lowerBound)]
        if let stub = segment.stub {
            pieces = [(contentStart, stub.lowerBound), (contentStart + stub.count, segment.text.lowerBound)]
            buffer.appendStub(stub, of: text)
        }
        buffer.append(contentsOf: text[segment.text])
        let contentEnd = buffer.count
        for carrier in carriers where carrier.text.lowerBound >= segment.text.upperBound {
            buffer.append(contentsOf: Self.separator)
            buffer.append(contentsOf: text[carrier.text])
        }
        buffer.append(contentsOf: Self.separator)
        buffer.append(contentsOf: window)
        parsed += buffer.count
        work.bytesCopied += buffer.count
        // A segment of top-level blocks may hold alerts; one of a
        // container's children only when it starts at the first child,
        // whose first line decides whether its quote is an alert.
        var alertsFrom = Int.max
        switch segment.place {
        case .top: alertsFrom = 0
        case .nested(_, let children) where children.lowerBound == 0: alertsFrom = 0
        case .nested: break
        }
        let blocks = parse(
            buffer, contentStart: contentStart, contentEnd: contentEnd, pieces: pieces, text: text,
            alertsFrom: alertsFrom)
        switch segment.place {
        case .top(let range):
            guard blocks.count == range.count,
                zip(root.children[range], blocks).allSatisfy({ $0.id == $1.id })
            else { return false }
            for (offset, block) in blocks.enumerated() {
                Self.merge(
                    inlinesOf: block, into: &root.children[range.lowerBound + offset], work: &work, patches: &patches)
            }
        case .nested(let top, let range):
            guard top < root.children.count, let container = blocks.first, container.children.count == range.count,
                range.upperBound <= root.children[top].children.count,
                zip(root.children[top].children[range], container.children).allSatisfy({ $0.id == $1.id })
            else { return false }
            for (offset, block) in container.children.enumerated() {
                Self.merge(
                    inlinesOf: block, into: &root.children[top].children[range.lowerBound + offset], work: &work,
                    patches: &patches)
            }
        }
        return true
    }

    /// Takes the inlines of `parsed` into `block` and emits the patches.
    private static func merge(
        inlinesOf parsed: Block, into block: inout Block, work: inout StreamingDocument.Statistics.Work,
        patches: inout [Patch]
    ) {
        let merged = block.withInlines(of: parsed)
        TreeDiff.appendPatches(from: block, to: merged, into: &patches)
        work.blocksCompared += 2 * merged.subtreeCount
        block = merged
    }

    // MARK: - Lines

    /// Moves ``lastLineStart`` past the line endings among the bytes that
    /// arrived since the last call.
    ///
    /// - Complexity: O(new bytes).
    mutating func trackLastLine(_ text: UnsafeBufferPointer<UInt8>) {
        for i in lastLineScanned..<text.count where text[i] == 0x0A || text[i] == 0x0D { lastLineStart = i + 1 }
        lastLineScanned = text.count
    }

    /// The offset of the start of the line containing `offset`.
    /// Whether the line at `offset` is a run of `=` (up to three spaces
    /// before, spaces and tabs after): a setext underline after a paragraph.
    ///
    /// - Complexity: O(length of the line).
    static func isEqualsUnderline(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = lineStart(of: offset, in: text)
        var indent = 0
        while i < text.count, text[i] == 0x20, indent < 3 {
            i += 1
            indent += 1
        }
        guard i < text.count, text[i] == UInt8(ascii: "=") else { return false }
        while i < text.count, text[i] == UInt8(ascii: "=") { i += 1 }
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        return i == text.count || text[i] == 0x0A || text[i] == 0x0D
    }

    static func lineStart(of offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        SourceLines(text: text).lineStart(of: offset)
    }

    /// The offset of the start of the line after the one containing `offset`
    /// (`text.count + 1` if that line has no terminator yet).
    static func nextLineStart(after offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var i = offset
        while i < text.count {
            let byte = text[i]
            if byte == 0x0A { return i + 1 }
            if byte == 0x0D { return i + 1 < text.count && text[i + 1] == 0x0A ? i + 2 : i + 1 }
            i += 1
        }
        return text.count + 1
    }

    /// Whether the lines that decide that `block` starts where it does are
    /// complete: its first line, and for a table also the delimiter row
    /// (without which the header row would be a paragraph line).
    static func isDetermined(_ block: Block, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard startsOnCompleteLine(block.range.lowerBound, in: text) else { return false }
        if case .table = block.kind {
            let next = nextLineStart(after: block.range.lowerBound, in: text)
            return next < text.count && startsOnCompleteLine(next, in: text)
        }
        return true
    }

    /// The offset of the terminator of the line containing `offset`.
    static func lineEnd(of offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        SourceLines(text: text).lineEnd(from: offset)
    }

    /// Whether the line containing `offset` is complete: it has a terminator
    /// that cannot still grow (a final `\r` might yet become `\r\n`).
    static func startsOnCompleteLine(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = offset
        while i < text.count {
            let byte = text[i]
            if byte == 0x0A { return true }
            if byte == 0x0D { return i + 1 < text.count }
            i += 1
        }
        return false
    }
}

extension [UInt8] {
    /// Appends a stub's lines (parsed in front of a window or segment
    /// that is not the text right after them), ending them with a line
    /// feed where they end with a lone carriage return: followed by a
    /// window that starts with a line feed (an empty line), `\r` then `\n`
    /// would read as one line ending, and the empty line would vanish.
    mutating func appendStub(_ stub: Range<Int>, of text: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: text[stub])
        if !stub.isEmpty, let last = self.last, last == 0x0D { self[count - 1] = 0x0A }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The buffer without its leading spaces and tabs.
    func dropFirstSpaces() -> UnsafeBufferPointer<UInt8> {
        var i = 0
        while i < count && (self[i] == 0x20 || self[i] == 0x09) { i += 1 }
        return UnsafeBufferPointer(rebasing: self[i...])
    }
}
