extension FootnotePlan {
    /// One tab on a definition's first line that the rewrite writes as the
    /// spaces cmark-gfm expands it to.
    struct ExpandedTab {
        /// The tab's offset in the buffer.
        var offset: Int
        /// The columns it spans where cmark-gfm reads it.
        var width: Int
    }

    /// The tabs after the containers that a definition's first line opens
    /// (`[^1]: > ⇥a`, `[^1]: -⇥foo`) whose columns decide blocks: the
    /// stand-in marker is four columns wide and `[^1]: ` six, so a tab there
    /// spans other columns in the rewrite than in cmark-gfm, which expands
    /// it from the columns after the definition's marker. Written as the
    /// spaces it spans there, the tab gives cmark the same indentation: a
    /// quote's optional space, a list item's width, indented code.
    ///
    /// Only tabs that start fewer than five columns after a quote or list
    /// marker count: past that, the columns are content of indented code
    /// (a quote's space and four columns, or a list item's space and four),
    /// and the tab stays a tab. Nothing changes when the columns agree
    /// modulo four. A literal tab before an HTML block's `<` is kept when
    /// neither reading makes the line indented code, as its bytes are the
    /// block's text.
    ///
    /// - Complexity: O(length of the line).
    func expandedTabs(lineStart: Int, restStart: Int, rewrittenColumn: Int, contentEnd: Int) -> [ExpandedTab] {
        var column = Self.column(buffer, from: lineStart, to: restStart)
        let shift = column - rewrittenColumn
        guard shift % 4 != 0 else { return [] }
        var tabs: [ExpandedTab] = []
        var i = restStart
        while let markerEnd = Self.containerMarkerEnd(buffer, i, contentEnd) {
            let isQuote = buffer[i] == UInt8(ascii: ">")
            column += markerEnd - i
            i = markerEnd
            let runStart = column
            var run: [ExpandedTab] = []
            var rewrittenRun = 0
            while i < contentEnd, Self.isBlank(buffer[i]) {
                var width = 1
                if buffer[i] == 0x09 {
                    width = 4 - column % 4
                    if column - runStart < 5 { run.append(ExpandedTab(offset: i, width: width)) }
                }
                rewrittenRun += buffer[i] == 0x09 ? 4 - (column - shift) % 4 : 1
                column += width
                i += 1
            }
            let columns = column - runStart
            if isQuote, i < contentEnd, buffer[i] == UInt8(ascii: "<"), columns < 5, rewrittenRun < 5 { return tabs }
            tabs += run
            if columns >= 5 { break }
        }
        return tabs
    }

    /// The column at `end` of a line starting at `start` (tabs to the next
    /// multiple of four).
    static func column(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var column = 0
        for offset in start..<end { column += buffer[offset] == 0x09 ? 4 - column % 4 : 1 }
        return column
    }
}
