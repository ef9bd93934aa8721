import StreamMark
import StreamMarkHighlight

extension LiveTerminalWriter {
    /// Whether the live tail's code is highlighted from ``highlights``: on
    /// a live terminal with color and highlighting on.
    var highlighting: Bool { live && renderer.options.color && renderer.options.highlightsCode }

    /// Whether the block's last descendant (the end of its right spine, where
    /// the open block is) is a code block drawn highlighted: the tail then
    /// renders it apart, from ``highlights``, not through the cache.
    ///
    /// - Complexity: O(depth).
    func endsInHighlightedCode(_ block: Block) -> Bool {
        guard highlighting else { return false }
        var last = block
        while let child = last.children.last { last = child }
        guard case .codeBlock(let code) = last.kind else { return false }
        return renderer.highlightLanguage(of: code) != nil
    }

    /// `block` with the code block at the end of its right spine keeping
    /// only its last `rows` lines (each renders one row or more, so the ones
    /// dropped are above the screen): a long open code block costs O(screen)
    /// per redraw, not O(block). With highlighting, the index of the first
    /// line kept is recorded in ``codeViewFirstLines``, so that the kept
    /// lines take their tokens from ``highlights`` (the state carried from
    /// the dropped lines). `narrowed` tells whether anything was dropped.
    ///
    /// - Complexity: O(depth × siblings on the path + the bytes of the last
    ///   `rows` lines + the bytes appended since the last redraw, for
    ///   ``lineCount(of:_:completed:)``), without recursion (any depth on
    ///   any stack).
    func narrowingCode(_ block: Block, rows: Int) -> (view: Block, narrowed: Bool) {
        // Down the right spine to its end; only a code block there narrows.
        var spine: [Block] = []
        var current = block
        while !current.isCode {
            guard let last = current.children.last else { return (block, false) }
            spine.append(current)
            current = last
        }
        guard case .codeBlock(var code) = current.kind, let kept = Self.lastLines(of: code.literal, count: rows) else {
            return (block, false)
        }
        if highlighting, let completed = highlights.lines(of: current.id)?.count {
            codeViewFirstLines[current.id] = lineCount(of: current.id, code.literal, completed: completed) - rows
        }
        code.literal = kept
        var view = current
        view.kind = .codeBlock(code)
        // Each narrowed view put into its parent's place, bottom up.
        while var parent = spine.popLast() {
            parent.children[parent.children.count - 1] = view
            view = parent
        }
        return (view, true)
    }

    /// The number of lines of the code block `id` whose literal is
    /// `literal`, counted from where the last count stopped when the
    /// literal grew (an open block's literal grows by appends to its text
    /// before the line feed cmark ends it with; it loses its last line when
    /// a partial closing fence is taken back or shown as the provisional
    /// display, and is then counted again). A block's literal always has the
    /// lines `CodeHighlights` completed and at most one more (the open
    /// line): a count outside that is counted again too.
    ///
    /// - Complexity: O(bytes appended since the last count), O(literal)
    ///   when it shrank.
    func lineCount(of id: BlockID, _ literal: String, completed: Int) -> Int {
        let utf8 = literal.utf8
        guard !utf8.isEmpty else { return 0 }
        // The text before the final line feed, which the next append moves.
        let end = utf8.last == 0x0A ? utf8.count - 1 : utf8.count
        var (counted, newlines) = (0, 0)
        if let last = codeLineCount, last.id == id, last.bytes <= end {
            (counted, newlines) = (last.bytes, last.newlines)
        }
        newlines += Self.newlines(in: literal, from: counted, to: end)
        if counted > 0 && newlines + 1 != completed && newlines != completed {
            newlines = Self.newlines(in: literal, from: 0, to: end)
        }
        codeLineCount = (id, end, newlines)
        return newlines + 1
    }

    /// The line feeds in `literal`'s UTF-8 bytes `start..<end`.
    ///
    /// - Complexity: O(end - start).
    static func newlines(in literal: String, from start: Int, to end: Int) -> Int {
        let count = { (bytes: UnsafeBufferPointer<UInt8>) -> Int in
            var newlines = 0
            for index in start..<end where bytes[index] == 0x0A { newlines += 1 }
            return newlines
        }
        if let result = literal.utf8.withContiguousStorageIfAvailable(count) { return result }
        return Array(literal.utf8).withUnsafeBufferPointer(count)
    }

    /// The last `count` lines of a code literal (each with its line feed),
    /// or `nil` when it has no more lines than that.
    ///
    /// - Complexity: O(bytes of the last `count` lines).
    static func lastLines(of literal: String, count: Int) -> String? {
        let utf8 = literal.utf8
        var start = utf8.endIndex
        if start > utf8.startIndex && utf8[utf8.index(before: start)] == 0x0A { start = utf8.index(before: start) }
        for _ in 0..<max(1, count) {
            while start > utf8.startIndex && utf8[utf8.index(before: start)] != 0x0A {
                start = utf8.index(before: start)
            }
            guard start > utf8.startIndex else { return nil }
            start = utf8.index(before: start)
        }
        return String(literal[utf8.index(after: start)...])
    }

    /// A render cache for blocks the tail renders apart: code blocks the
    /// writer highlights take their lines' tokens from ``highlights``
    /// (completed lines, final; the open line's provisional tokens), the
    /// first line kept by ``narrowingCode(_:rows:)`` being the line
    /// ``codeViewFirstLines`` records.
    ///
    /// - Complexity: O(1); rendering a code block is O(its lines + tokens).
    func makeTailCache() -> RenderCache<TerminalContext, [String]> {
        let renderer = self.renderer
        guard highlighting else { return renderer.makeCache() }
        let highlights = self.highlights
        let firstLines = codeViewFirstLines
        return RenderCache { block, context, child in
            guard case .codeBlock(let code) = block.kind, renderer.highlightLanguage(of: code) != nil,
                let lines = highlights.lines(of: block.id)
            else { return renderer.render(block, context: context, child: child) }
            let first = firstLines[block.id] ?? 0
            let open = highlights.openLineTokens(of: block.id)
            return renderer.codeBlock(code) { index in
                let line = first + index
                guard line >= 0 else { return [] }
                return line < lines.count ? lines[line].tokens : line == lines.count ? open : []
            }
        }
    }
}

extension Block {
    /// Whether this is a code block.
    fileprivate var isCode: Bool {
        if case .codeBlock = kind { return true }
        return false
    }
}
