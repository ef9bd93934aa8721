/// One parse of a buffer: the pipeline the one-shot parser and every
/// window parse of the streaming engine run.
///
/// 1. libcmark parses the buffer (``CmarkNodeReader``);
/// 2. its tree is converted to ``Block`` values, offsets mapped to the
///    document on the way;
/// 3. the GFM extension layer rewrites them (``ExtensionLayer``): tables,
///    whose cells get a cmark parse of their own in the buffer's context
///    (``CellInlineParser``), task lists, strikethrough, autolinks;
/// 4. top-level quotes whose first line is an alert marker become alerts
///    (``AlertMarker``).
///
/// ``MarkdownParser`` runs it once over the whole text; the engine runs it
/// over a window behind a prefix of the definitions the window may use
/// (`docs/architecture.md`, "How incremental parsing works"). With one
/// pass for both, a window parse differs from the one-shot parse only in
/// the text it is given.
struct ParsePass {
    /// How text is parsed.
    var options: ParseOptions

    /// The blocks cmark and the extension layer make of `buffer`.
    ///
    /// - Parameters:
    ///   - contentStart: the buffer offset where the kept blocks begin; the
    ///     blocks before it (a window's definitions) are dropped.
    ///   - contentEnd: the buffer offset where the kept blocks end.
    ///   - shift: what converting adds to a buffer offset to make it a
    ///     document offset.
    ///   - layerText: the text the extension layer reads at the converted
    ///     offsets: the document when `shift` maps into it (the default is
    ///     the buffer itself).
    ///   - alertsFrom: the index of the first top-level block that may be
    ///     an alert: 1 when the first block stands for a container that
    ///     goes on from before the buffer (the quote of a window inside a
    ///     quote), `.max` when the buffer holds no top-level block of the
    ///     document at all.
    ///   - converted: sees the converted blocks before the extension layer
    ///     rewrites them, once per cmark parse (a buffer is parsed again
    ///     when cmark read definitions that cmark-gfm does not,
    ///     ``UnreadDefinitions``, or did not read some that cmark-gfm
    ///     reads, ``EscapedDefinitions``); the last call is of the parse
    ///     whose blocks are returned.
    /// - Complexity: O(buffer length), plus one cmark parse of a table's
    ///   cells for each table.
    func blocks(
        of buffer: [UInt8], contentStart: Int = 0, contentEnd: Int = .max, shift: Int = 0,
        layerText: UnsafeBufferPointer<UInt8>? = nil, alertsFrom: Int = 0, converted: ([Block]) -> Void = { _ in }
    ) -> [Block] {
        if options.extensions.contains(.footnotes),
            let notes = buffer.withUnsafeBufferPointer({
                FootnoteCut($0, cutsTaskMarkers: options.extensions.contains(.taskList))
            })
        {
            return blocks(
                of: notes, contentStart: contentStart, contentEnd: contentEnd, shift: shift, alertsFrom: alertsFrom,
                converted: converted)
        }
        return blocks(
            of: buffer, contentStart: contentStart, contentEnd: contentEnd, shift: shift, layerText: layerText,
            alertsFrom: alertsFrom, notes: nil, converted: converted)
    }

    /// The blocks of a buffer with footnote definitions: cmark and the
    /// layer work on the rewritten buffer (``FootnoteCut``), whose offsets
    /// are mapped back to the buffer's (plus `shift`) at the end.
    private func blocks(
        of notes: FootnoteCut, contentStart: Int, contentEnd: Int, shift: Int, alertsFrom: Int,
        converted: ([Block]) -> Void
    ) -> [Block] {
        let start = { notes.original($0) + shift }
        var blocks = blocks(
            of: notes.edited, contentStart: notes.editedOffset(contentStart),
            contentEnd: notes.editedOffset(contentEnd), shift: 0, layerText: nil, alertsFrom: alertsFrom,
            notes: notes
        ) { raw in
            converted(
                raw.map {
                    var block = $0
                    block.remap(start: start)
                    return block
                })
        }
        for index in blocks.indices { blocks[index].remap(start: start) }
        return blocks
    }

    private func blocks(
        of buffer: [UInt8], contentStart: Int, contentEnd: Int, shift: Int, layerText: UnsafeBufferPointer<UInt8>?,
        alertsFrom: Int, notes: FootnoteCut?, converted: ([Block]) -> Void
    ) -> [Block] {
        let cut = options.extensions.contains(.taskList) ? buffer.withUnsafeBufferPointer(TaskMarkerCut.init) : nil
        guard let cut else {
            return blocks(
                of: buffer, contentStart: contentStart, contentEnd: contentEnd,
                mapOffset: shift == 0 ? { $0 } : { $0 + shift }, bufferOffset: { $0 - shift }, layerText: layerText,
                alertsFrom: alertsFrom, notes: notes, converted: converted)
        }
        // cmark parses the buffer without the task markers cmark-gfm takes
        // off their lines; the layer reads the original text.
        let original = { cut.original($0) + shift }
        return buffer.withUnsafeBufferPointer { pointer in
            blocks(
                of: cut.applied(to: buffer), contentStart: cut.cutOffset(contentStart),
                contentEnd: contentEnd == .max ? .max : cut.cutOffset(contentEnd), mapOffset: original,
                bufferOffset: { cut.cutOffset($0 - shift) }, layerText: layerText ?? pointer, alertsFrom: alertsFrom,
                notes: notes, converted: converted)
        }
    }

    /// `bufferOffset` is the inverse of `mapOffset`: the offset in `buffer`
    /// of an offset of the converted blocks.
    ///
    /// When the layer finds paragraphs that cmark-gfm makes tables of before
    /// their definitions are read (``UnreadDefinitions``), the buffer is
    /// parsed again with those definitions hidden, while the layer reads
    /// the text as written. The text around the content (a window's
    /// carriers, the window after a segment) gets the same treatment from
    /// parses of its own.
    ///
    /// When text left a table's containers and may hold definitions that
    /// cmark-gfm reads and cmark does not (``EscapedDefinitions``), the
    /// buffer is parsed again with that text in front of it; the first
    /// parse stands if that one does not give its blocks back unchanged
    /// (the definitions change links, not blocks).
    private func blocks(
        of buffer: [UInt8], contentStart: Int, contentEnd: Int, mapOffset: @escaping (Int) -> Int,
        bufferOffset: @escaping (Int) -> Int, layerText: UnsafeBufferPointer<UInt8>?, alertsFrom: Int,
        notes: FootnoteCut?, converted: ([Block]) -> Void
    ) -> [Block] {
        var firstConverted: [Block] = []
        let first = blocksHidingUnread(
            of: buffer, contentStart: contentStart, contentEnd: contentEnd, mapOffset: mapOffset,
            bufferOffset: bufferOffset, layerText: layerText, alertsFrom: alertsFrom, notes: notes
        ) {
            firstConverted = $0
            converted($0)
        }
        guard !first.escapedDefinitions.isEmpty,
            let front = EscapedDefinitions.prefix(first.escapedDefinitions, of: buffer)
        else { return first.blocks }
        let shift = front.count
        // The layer reads the buffer as it is (by default), not the one with
        // the definitions in front.
        let second = buffer.withUnsafeBufferPointer { original in
            blocksHidingUnread(
                of: front + buffer, contentStart: contentStart + shift,
                contentEnd: contentEnd == .max ? .max : contentEnd + shift, mapOffset: { mapOffset($0 - shift) },
                bufferOffset: { bufferOffset($0) + shift }, layerText: layerText ?? original, alertsFrom: alertsFrom,
                notes: notes, converted: converted
            ).blocks
        }
        if second.map(\.range) == first.blocks.map(\.range) { return second }
        converted(firstConverted)
        return first.blocks
    }

    /// The blocks of `buffer` with the definitions cmark-gfm does not read
    /// hidden, and the text of the definitions it reads that cmark does
    /// not.
    private func blocksHidingUnread(
        of buffer: [UInt8], contentStart: Int, contentEnd: Int, mapOffset: @escaping (Int) -> Int,
        bufferOffset: @escaping (Int) -> Int, layerText: UnsafeBufferPointer<UInt8>?, alertsFrom: Int,
        notes: FootnoteCut?, converted: ([Block]) -> Void
    ) -> (blocks: [Block], escapedDefinitions: [EscapedDefinitions.Rest]) {
        buffer.withUnsafeBufferPointer { pointer in
            let layerText = layerText ?? pointer
            let content = mapOffset(contentStart)..<mapOffset(min(contentEnd, buffer.count))
            let outside = unreadDefinitions(outside: contentStart, contentEnd, in: buffer)
            // The first parse is made here, not in `hidingUnread`, so that
            // the common one (nothing hidden, nothing found) stays direct.
            let first = layered(
                outside.hidden.isEmpty ? buffer : UnreadDefinitions.hidden(outside.hidden, in: buffer),
                contentStart: contentStart, contentEnd: contentEnd, mapOffset: mapOffset, bufferOffset: bufferOffset,
                layerText: layerText, content: content, alertsFrom: alertsFrom, notes: notes, converted: converted)
            let inBuffer = { (rests: [EscapedDefinitions.Rest]) in
                rests.map { EscapedDefinitions.Rest(start: bufferOffset($0.start), text: $0.text) }
            }
            if first.unread.isEmpty { return (first.blocks, outside.escaped + inBuffer(first.escapedDefinitions)) }
            let parse = Self.hidingUnread(from: outside.hidden, first: (first, Set(first.unread.map(bufferOffset)))) {
                hidden in
                let parse = layered(
                    UnreadDefinitions.hidden(hidden, in: buffer), contentStart: contentStart, contentEnd: contentEnd,
                    mapOffset: mapOffset, bufferOffset: bufferOffset, layerText: layerText, content: content,
                    alertsFrom: alertsFrom, notes: notes, converted: converted)
                return (parse, Set(parse.unread.map(bufferOffset)))
            }.parse
            return (parse.blocks, outside.escaped + inBuffer(parse.escapedDefinitions))
        }
    }

    /// The buffer offsets of the definitions cmark-gfm does not read outside
    /// the content, and the text of those it reads that cmark does not
    /// (``EscapedDefinitions``): the text before `contentStart` (carriers,
    /// each a stretch of frozen text ending with a separator) and the text
    /// after `contentEnd` (a segment's later carriers and the window), each
    /// parsed alone, with itself as the layer's text.
    ///
    /// - Complexity: O(buffer) to look, without allocating; a parse of a
    ///   side only when it holds `]:` and a line that may be a delimiter
    ///   row.
    private func unreadDefinitions(
        outside contentStart: Int, _ contentEnd: Int, in buffer: [UInt8]
    ) -> (hidden: Set<Int>, escaped: [EscapedDefinitions.Rest]) {
        guard options.extensions.contains(.table) else { return ([], []) }
        var outside = unreadDefinitions(in: buffer[..<min(contentStart, buffer.count)])
        if contentEnd < buffer.count {
            let after = unreadDefinitions(in: buffer[max(contentEnd, contentStart)...])
            outside.hidden.formUnion(after.hidden)
            outside.escaped += after.escaped
        }
        return outside
    }

    /// The buffer offsets of the definitions cmark-gfm does not read in
    /// `side`, a stretch of the buffer that parses alone as it parses in the
    /// buffer, and the text of those it reads that cmark does not; nothing
    /// when it may not hold both a definition and a delimiter row (on a line
    /// after its first).
    private func unreadDefinitions(in side: ArraySlice<UInt8>) -> (hidden: Set<Int>, escaped: [EscapedDefinitions.Rest])
    {
        let candidate = side.withUnsafeBufferPointer { pointer in
            ReferenceKeys.mayDefine(pointer, 0..<pointer.count)
                && UnreadDefinitions.mayHoldDelimiterRow(pointer, 0..<pointer.count)
        }
        guard candidate else { return ([], []) }
        let bytes = Array(side)
        let found = bytes.withUnsafeBufferPointer { pointer in
            let parse = { (hidden: Set<Int>) in
                let parse = layered(
                    UnreadDefinitions.hidden(hidden, in: bytes), contentStart: 0, contentEnd: .max,
                    mapOffset: { $0 }, bufferOffset: { $0 }, layerText: pointer, content: 0..<bytes.count,
                    alertsFrom: .max, notes: nil, converted: { _ in })
                return (parse.escapedDefinitions, Set(parse.unread))
            }
            return Self.hidingUnread(from: [], first: parse([]), parse)
        }
        let escaped = found.parse.map { EscapedDefinitions.Rest(start: $0.start + side.startIndex, text: $0.text) }
        return (Set(found.hidden.map { $0 + side.startIndex }), escaped)
    }

    /// Given the parse with `start` hidden (`first`), parses with what each
    /// parse's layer found hidden too, while it finds more (at most three
    /// parses in all): the last parse whose layer found every paragraph
    /// hidden beyond `start` again, and what it hid.
    private static func hidingUnread<Parse>(
        from start: Set<Int>, first: (Parse, found: Set<Int>), _ parse: (Set<Int>) -> (Parse, found: Set<Int>)
    ) -> (parse: Parse, hidden: Set<Int>) {
        var hidden = start
        var (result, found) = first
        for _ in 0..<2 {
            guard !found.isSubset(of: hidden) else { break }
            let next = hidden.union(found)
            let again = parse(next)
            guard again.found.isSuperset(of: next.subtracting(start)) else { break }
            (hidden, result, found) = (next, again.0, again.found)
        }
        return (result, hidden)
    }

    /// One parse of `buffer` by cmark and the layers: the blocks, and the
    /// paragraphs whose definitions cmark-gfm does not read. The layers
    /// read `layerText`; `converted` sees cmark's blocks as converted.
    private func layered(
        _ buffer: [UInt8], contentStart: Int, contentEnd: Int, mapOffset: @escaping (Int) -> Int,
        bufferOffset: @escaping (Int) -> Int, layerText: UnsafeBufferPointer<UInt8>, content: Range<Int>,
        alertsFrom: Int, notes: FootnoteCut?, converted: ([Block]) -> Void
    ) -> (blocks: [Block], unread: [Int], escapedDefinitions: [EscapedDefinitions.Rest]) {
        buffer.withUnsafeBufferPointer { pointer in
            var literals: [Range<Int>]? = options.extensions != .none ? [] : nil
            var blocks = CmarkNodeReader.parse(
                pointer, smart: options.smartPunctuation, contentStart: contentStart, contentEnd: contentEnd,
                mapOffset: mapOffset, literals: &literals)
            if let notes { blocks = notes.definitions(in: blocks) }
            converted(blocks)
            var layer = (unread: [Int](), escaped: [EscapedDefinitions.Rest]())
            if options.extensions != .none {
                let applied = ExtensionLayer.apply(
                    to: &blocks, text: layerText, options: options,
                    cells: CellInlineParser(
                        context: buffer, smart: options.smartPunctuation, literals: literals,
                        contextOffset: bufferOffset),
                    content: content)
                layer = (applied.unreadDefinitions, applied.escapedDefinitions)
                // A table's rest, parsed again from the rewritten text, may
                // take in a note's stand-in item (`a|b` / `-|-` / `2) x` /
                // `]` / `[^1]:`): its notes are taken out too.
                if let notes { blocks = notes.definitions(in: blocks) }
            }
            if options.extensions.contains(.alerts) {
                AlertMarker(text: layerText).apply(to: &blocks, from: alertsFrom)
            }
            return (blocks, layer.unread, layer.escaped)
        }
    }
}
