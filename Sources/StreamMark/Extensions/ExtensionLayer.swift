/// The GitHub-flavoured extensions, applied as a layer over the blocks cmark
/// produced (tables, task lists, strikethrough, autolinks).
///
/// `apply` receives the top-level blocks of one parse (document offsets
/// already resolved) and rewrites them in place. `text` is the whole
/// document text, indexed by document offsets. `cells` parses the inline
/// content of table cells with the document's link reference definitions in
/// scope.
///
/// The transformation is a pure function of each block's own source lines
/// and value, so the streaming engine can apply it to any window of blocks.
/// See `docs/extensions.md` for the known differences from cmark-gfm.
enum ExtensionLayer {
    /// Rewrites `blocks` (top-level blocks of one parse, document offsets)
    /// with the extensions of `options`; does nothing when none is enabled.
    ///
    /// - Complexity: O(n) in the size of the blocks' text, plus one cmark
    ///   parse per table of its cells. Nesting costs O(1) per container
    ///   level (see ``PrefixChain``); the returned counters show it.
    ///
    /// - Parameter content: the document offsets the blocks come from, whose
    ///   lines between blocks may hold tables cmark took as definitions
    ///   (``ExtensionWalker/findTables(from:to:prefixes:)``); `nil` to skip.
    /// - Returns: the layer's work, the offsets of the paragraphs whose
    ///   definitions cmark-gfm does not read (``UnreadDefinitions``), and
    ///   the text of the lines that left a table's containers and may hold
    ///   definitions cmark-gfm reads (``EscapedDefinitions``).
    @discardableResult
    static func apply(
        to blocks: inout [Block], text: UnsafeBufferPointer<UInt8>, options: ParseOptions,
        cells: CellInlineParser, content: Range<Int>? = nil
    ) -> (work: ExtensionWork, unreadDefinitions: [Int], escapedDefinitions: [EscapedDefinitions.Rest]) {
        if options.extensions.isEmpty { return (ExtensionWork(), [], []) }
        let layer = walker(text: text, options: options, cells: cells)
        blocks = layer.transformTopLevel(blocks, content: content)
        return (layer.work.value, layer.unread.starts, layer.escapedDefinitions.rests)
    }

    /// The walker that applies the extensions of `options` to blocks of
    /// `text`. Only the lines around link reference definitions matter to
    /// cells: the cell parser's context is reduced once, indexed by label,
    /// instead of being re-parsed for every table.
    ///
    /// - Complexity: O(context) when tables are on and the context holds a `|`.
    static func walker(text: UnsafeBufferPointer<UInt8>, options: ParseOptions, cells: CellInlineParser)
        -> ExtensionWalker
    {
        var reduced = cells
        reduced.definesCaretLabels =
            options.extensions.contains(.footnotes) && options.extensions.contains(.taskList)
            && cells.context.withUnsafeBufferPointer(ReferenceKeys.mayDefineCaretLabels)
        if options.extensions.contains(.table) {
            // No delimiter row, no escape, no dollar, no `[^`, no link over
            // markup, no entity beside a tilde or before `www.` and no
            // tilde and emphasis run in text holding a bracket: no
            // table, no cell and no block with escapes, math, footnote
            // references, autolinks or entities to parse again (`\(` and
            // `\[` hold a backslash), so skip the reduction.
            let math = options.extensions.contains(.math) && cells.context.contains(UInt8(ascii: "$"))
            let footnotes = options.extensions.contains(.footnotes) && FootnoteStandIns.mayHold(cells.context)
            let urls =
                options.extensions.contains(.autolink)
                && cells.context.withUnsafeBufferPointer { URLMarkup.mayOccur(in: $0, 0..<$0.count) }
            let entities =
                (options.extensions.contains(.strikethrough) || options.extensions.contains(.autolink))
                && cells.context.withUnsafeBufferPointer { EntityStandIns.mayOccur(in: $0, 0..<$0.count) }
            // Runs a strikethrough pair drops, next to links: the replay
            // looks up labels (``LinkTexts``).
            let crossings =
                options.extensions.contains(.strikethrough) && cells.context.contains(UInt8(ascii: "["))
                && cells.context.withUnsafeBufferPointer {
                    CrossingDelimiters.mayOccur(in: $0, 0..<$0.count, smart: cells.smart)
                }
            let reparses =
                mayHoldTableSyntax(cells.context) || cells.context.contains(UInt8(ascii: "\\")) || math || footnotes
                || urls || entities || crossings
            let (groups, starts) =
                reparses ? CellInlineParser.referenceGroups(of: cells.context, outside: cells.literals) : ([], [])
            reduced.references = ReferenceContext(groups: groups, starts: starts)
            reduced.context = []
        }
        return ExtensionWalker(
            text: text, extensions: options.extensions, cells: reduced, lines: SourceLines(text: text))
    }

    /// Whether `bytes` may hold a table's delimiter row: a `|`, or a `:`
    /// next to a `-` (a table of one column needs no pipe: `:--`, `--:`).
    /// A pipe-only test missed those, and a window without the pipes of
    /// earlier rows then parsed cells without the definitions a one-shot
    /// parse gave them.
    ///
    /// This runs on every parse buffer: eight bytes at a time, looking at
    /// single bytes only in words that hold a `|` or a `:`.
    ///
    /// - Complexity: O(n), stopping at the first hit.
    static func mayHoldTableSyntax(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i < raw.count {
                let end = min(i + 8, raw.count)
                if end - i == 8 {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    guard word.holds(UInt8(ascii: "|")) || word.holds(UInt8(ascii: ":")) else {
                        i = end
                        continue
                    }
                }
                for j in i..<end where raw[j] == UInt8(ascii: "|") || raw[j] == UInt8(ascii: ":") {
                    if raw[j] == UInt8(ascii: "|") { return true }
                    if j > 0 && raw[j - 1] == UInt8(ascii: "-") || j + 1 < raw.count && raw[j + 1] == UInt8(ascii: "-")
                    {
                        return true
                    }
                }
                i = end
            }
            return false
        }
    }

    /// Whether the extensions make `list` loose through its `items` although
    /// cmark found it tight: cmark-gfm counts a table without body rows and
    /// an empty footnote definition as ending with a blank line, so such a
    /// block followed by more content in its item, or in an item followed
    /// by another item, loosens the list. A streaming engine that assembles
    /// a list from items parsed at different times must apply this to the
    /// assembled list, asking only about the items it freezes: an open
    /// item's table may still gain a body row.
    ///
    /// - Complexity: O(number of `items` and their direct children).
    static func loosens(_ list: Block, items: Range<Int>, options: ParseOptions) -> Bool {
        ExtensionWalker.hasBlankEndedBlockBeforeMore(list, items: items, extensions: options.extensions)
    }
}

extension UInt64 {
    /// Whether one of the eight bytes of the word is `byte`.
    func holds(_ byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = self ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & (ones &* 0x80) != 0
    }
}
