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
    ///     rewrites them.
    /// - Complexity: O(buffer length), plus one cmark parse of a table's
    ///   cells for each table.
    func blocks(
        of buffer: [UInt8], contentStart: Int = 0, contentEnd: Int = .max, shift: Int = 0,
        layerText: UnsafeBufferPointer<UInt8>? = nil, alertsFrom: Int = 0, converted: ([Block]) -> Void = { _ in }
    ) -> [Block] {
        if options.extensions.contains(.footnotes), let notes = buffer.withUnsafeBufferPointer(FootnoteCut.init) {
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
    private func blocks(
        of buffer: [UInt8], contentStart: Int, contentEnd: Int, mapOffset: @escaping (Int) -> Int,
        bufferOffset: @escaping (Int) -> Int, layerText: UnsafeBufferPointer<UInt8>?, alertsFrom: Int,
        notes: FootnoteCut?, converted: ([Block]) -> Void
    ) -> [Block] {
        buffer.withUnsafeBufferPointer { pointer in
            var literals: [Range<Int>]? = options.extensions.contains(.table) ? [] : nil
            var blocks = CmarkNodeReader.parse(
                pointer, smart: options.smartPunctuation, contentStart: contentStart, contentEnd: contentEnd,
                mapOffset: mapOffset, literals: &literals)
            if let notes { blocks = notes.definitions(in: blocks) }
            converted(blocks)
            if options.extensions != .none {
                ExtensionLayer.apply(
                    to: &blocks, text: layerText ?? pointer, options: options,
                    cells: CellInlineParser(
                        context: buffer, smart: options.smartPunctuation, literals: literals ?? [],
                        contextOffset: bufferOffset))
            }
            if options.extensions.contains(.alerts) {
                AlertMarker(text: layerText ?? pointer).apply(to: &blocks, from: alertsFrom)
            }
            return blocks
        }
    }
}
