import StreamMark

/// Writes a streaming document to a terminal: closed top-level blocks go to
/// the scrollback once, in full, and are never touched again; only the open
/// tail is redrawn in place (cursor up, erase the rows), and the redrawn
/// region never exceeds the terminal height minus one row, so a redraw can
/// never reach above the top of the screen. When the open tail is taller
/// than that, its last rows are shown (the end of the text as it streams);
/// nothing of it enters the scrollback until it closes, so the scrollback
/// holds exactly the final rendering.
///
/// With color, code blocks are syntax highlighted. The open tail takes its
/// tokens from a `CodeHighlights` fed with the same patches, so the last
/// lines of a long open code block (all the screen shows of it) are colored
/// with the state carried from its first lines — a string or comment opened
/// above the screen is still one — and each line is lexed once as it
/// arrives; closed blocks are highlighted once, from their literal, when
/// they are written (the same tokens).
///
/// Without ``live`` (output is not a terminal), closed blocks are written as
/// they close and the rest when the stream ends, with no cursor movement.
public final class LiveTerminalWriter {
    /// The renderer; its width follows ``resize(width:height:)``.
    public private(set) var renderer: TerminalRenderer
    /// Whether the tail is drawn and redrawn in place.
    public let live: Bool
    /// The terminal height in rows.
    public private(set) var height: Int
    /// The terminal width in columns (may differ from the render width).
    public private(set) var columns: Int
    /// The render cache (exposed for render counts).
    public private(set) var cache: RenderCache<TerminalContext, [String]>

    private let write: (String) -> Void
    /// Top-level children before this index are written for good.
    private var committedIndex = 0
    /// Whether anything visible was written (blank-line separators).
    private var wroteContent = false
    /// The live lines on screen, and their display widths.
    private var liveLines: [String] = []
    private var liveWidths: [Int] = []
    /// The provisional display of the open block, shown in the live tail.
    var display: ProvisionalDisplay = .truth
    /// Whether the open block is narrowed to its last rows before rendering
    /// (``tailView(of:rows:)``); off only in tests, as the reference.
    var narrowsTail = true
    /// Lines rendered for the live tail over all redraws (before cutting
    /// it to the screen): a work counter for tests and benchmarks.
    public private(set) var tailLinesComposed = 0
    /// The lines the live tail shows now (the open blocks' last rows).
    public var visibleLines: [String] { liveLines }
    /// The code blocks' highlighting, fed with the patches when the live
    /// tail is drawn with highlighted code (``highlighting``).
    public private(set) var highlights = CodeHighlights()
    /// For each code block the live tail shows narrowed to its last lines,
    /// the index of the first line kept (set by each redraw).
    var codeViewFirstLines: [BlockID: Int] = [:]
    /// The last line count of a narrowed code block's literal: its id, its
    /// byte count and line feeds then (``lineCount(of:_:completed:)``).
    var codeLineCount: (id: BlockID, bytes: Int, newlines: Int)?

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - renderer: renders blocks (its options give the width).
    ///   - live: redraw the open tail in place (a terminal).
    ///   - columns: the terminal width in columns (for counting the rows a
    ///     long line takes); `nil` means the render width.
    ///   - height: the terminal height in rows.
    ///   - write: writes text to the terminal.
    public init(
        renderer: TerminalRenderer, live: Bool, columns: Int? = nil, height: Int = 24,
        write: @escaping (String) -> Void
    ) {
        self.renderer = renderer
        self.live = live
        self.columns = max(1, columns ?? renderer.options.width)
        self.height = max(2, height)
        self.cache = renderer.makeCache()
        self.write = write
    }

    /// Applies the engine's patches and updates the screen. The live tail
    /// shows `display`, the open block's provisional display form
    /// (`StreamingDocument.provisionalDisplay()`, `docs/provisional.md`):
    /// unfinished markup completed as it will most likely close. Closed
    /// blocks always show the truth.
    ///
    /// - Complexity: O(patches + lines of the open blocks that changed); closed
    ///   blocks are rendered once and then only written.
    public func update(with patches: [Patch], display: ProvisionalDisplay = .truth, isClosed: (BlockID) -> Bool) {
        do {
            try cache.apply(patches)
        } catch {
            return
        }
        if highlighting { _ = highlights.apply(patches, root: cache.root) }
        self.display = display
        redraw(isClosed: isClosed, final: false)
    }

    /// Writes everything that is left; the tail becomes permanent (and shows
    /// the truth).
    public func finish(with patches: [Patch]) {
        try? cache.apply(patches)
        if highlighting { _ = highlights.apply(patches, root: cache.root) }
        display = .truth
        redraw(isClosed: { _ in true }, final: true)
    }

    /// Changes the terminal size and the render width; the tail is redrawn.
    public func resize(width: Int, columns: Int, height: Int, isClosed: (BlockID) -> Bool) {
        let newHeight = max(2, height)
        let newColumns = max(1, columns)
        guard width != renderer.options.width || newHeight != self.height || newColumns != self.columns else {
            return
        }
        var options = renderer.options
        options.width = max(1, width)
        // The terminal may have re-wrapped the live lines: measure them again.
        let rows = liveWidths.reduce(0) { $0 + Self.rows($1, columns: newColumns) }
        self.columns = newColumns
        renderer = TerminalRenderer(options: options)
        let old = cache
        cache = renderer.makeCache()
        cache.update(to: old.root)
        self.height = newHeight
        var out = Self.erase(rows: min(rows, newHeight - 1))
        liveLines = []
        liveWidths = []
        out += draw(isClosed: isClosed, final: false)
        if !out.isEmpty { write(out) }
    }

    private func redraw(isClosed: (BlockID) -> Bool, final: Bool) {
        let out = draw(isClosed: isClosed, final: final)
        if !out.isEmpty { write(out) }
    }

    /// Moves the cursor up `rows` rows and blanks them, row by row, leaving
    /// the cursor at the start of the first. Erasing in-line (`EL`) rather
    /// than to the end of the screen (`ED`) matters: terminals such as tmux
    /// push the whole screen into the scrollback when it is cleared from the
    /// top-left corner, which would duplicate the lines in the scrollback.
    static func erase(rows: Int) -> String {
        guard rows > 0 else { return "\r" }
        var out = "\r\u{1B}[\(rows)A"
        for row in 0..<rows {
            out += "\u{1B}[2K"
            if row < rows - 1 { out += "\u{1B}[1B" }
        }
        if rows > 1 { out += "\u{1B}[\(rows - 1)A" }
        return out
    }

    /// The rows a line of `width` columns takes on a terminal of `columns`.
    static func rows(_ width: Int, columns: Int) -> Int {
        max(1, (width + columns - 1) / max(1, columns))
    }

    /// The lines of a top-level block, with a blank line before them when
    /// something was drawn before. The footnotes section is drawn from the
    /// document (its notes are elsewhere in the tree), never cached.
    private func chunk(_ block: Block, hasContentBefore: Bool) -> [String] {
        let lines: [String]
        if case .footnotes = block.kind {
            lines = renderer.footnoteLines(block, in: cache.root)
        } else {
            lines = cache.output(for: block, context: renderer.rootContext)
        }
        if lines.isEmpty { return [] }
        return hasContentBefore ? [""] + lines : lines
    }

    private func draw(isClosed: (BlockID) -> Bool, final: Bool) -> String {
        let children = cache.root.children
        var permanent = ""
        // Closed blocks: written once, in full. The footnotes section only at
        // the end: a later reference or note changes it.
        while committedIndex < children.count
            && (final || (isClosed(children[committedIndex].id) && !children[committedIndex].isFootnotes))
        {
            let lines = chunk(children[committedIndex], hasContentBefore: wroteContent)
            if !lines.isEmpty { wroteContent = true }
            for line in lines { permanent += line + "\n" }
            committedIndex += 1
        }
        guard live else { return permanent }
        // The open tail: only its last rows that fit the screen are shown.
        var tail: [String] = []
        var content = wroteContent
        codeViewFirstLines = [:]
        // The open block is in the last block before the footnotes section.
        let lastContent = children.last?.isFootnotes == true ? children.count - 2 : children.count - 1
        for index in committedIndex..<children.count {
            let isLast = index == lastContent
            var (truth, narrowed) = (children[index], false)
            if isLast && narrowsTail { (truth, narrowed) = Self.tailView(of: truth, rows: height) }
            // The cache holds the truth of whole blocks; a narrowed view, a
            // provisional display or an open code block highlighted from
            // `highlights` is rendered apart (O(screen) or O(open block)).
            let apart = narrowed || (isLast && (display.differsFromTruth || endsInHighlightedCode(truth)))
            for shown in shownBlocks(for: truth, isLast: isLast) {
                var (block, codeNarrowed) = (shown, false)
                if isLast && narrowsTail { (block, codeNarrowed) = narrowingCode(shown, rows: height) }
                let lines =
                    !apart && !codeNarrowed
                    ? chunk(block, hasContentBefore: content)
                    : displayChunk(block, hasContentBefore: content)
                if !lines.isEmpty { content = true }
                tail.append(contentsOf: lines)
                tailLinesComposed += lines.count
            }
        }
        var start = tail.count
        var rows = 0
        var widths: [Int] = []
        while start > 0 {
            let width = DisplayWidth.ofVisibleText(tail[start - 1])
            let lineRows = Self.rows(width, columns: columns)
            if rows + lineRows > height - 1 { break }
            rows += lineRows
            widths.append(width)
            start -= 1
        }
        widths.reverse()
        let visible = Array(tail[start...])
        if permanent.isEmpty && visible == liveLines { return "" }
        // Keep the lines that did not change; rewrite from the first change.
        var same = 0
        if permanent.isEmpty {
            while same < visible.count && same < liveLines.count && visible[same] == liveLines[same] { same += 1 }
        }
        let oldRows = liveWidths[same...].reduce(0) { $0 + Self.rows($1, columns: columns) }
        var out = "\u{1B}[?2026h" + Self.erase(rows: oldRows)
        out += permanent
        for line in visible[same...] { out += line + "\n" }
        out += "\u{1B}[?2026l"
        liveLines = visible
        liveWidths = widths
        return out
    }
}

extension Block {
    /// Whether the block is the footnotes section.
    fileprivate var isFootnotes: Bool {
        if case .footnotes = kind { return true }
        return false
    }
}
