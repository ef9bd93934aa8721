/// Writes the engine's patches as NDJSON, in protocol version 2 (deltas,
/// the default) or 1 (whole values, deprecated), straight into a byte
/// buffer — no `JSONEncoder` on the hot path.
///
/// ```swift
/// var writer = PatchStreamWriter()            // version 2
/// for chunk in chunks {
///     writer.write(document.append(chunk))
///     send(writer.takeBytes())                // whole lines
/// }
/// ```
///
/// A version-2 stream begins with the header line `{"v":2}`, written by
/// the first ``takeBytes()``. One writer per stream: version 2 is stateful
/// (it remembers the tree to compute deltas, and the continuation target
/// so that text for it goes out as a bare string).
public struct PatchStreamWriter: Sendable {
    /// The protocol version written: 1 or 2.
    public let version: Int
    private var json = JSONWriter()
    private var encoder = DeltaEncoder()
    private var deltas: [DeltaPatch] = []
    private var target = ContinuationTarget()
    private var ids: IDRegister? = IDRegister()
    /// The code blocks' highlighting, when the stream carries it.
    private var highlights: CodeHighlights?
    /// What the last patch changed in ``highlights`` (kept for its capacity).
    private var changes: [CodeHighlights.Change] = []

    /// Creates a writer for a new stream.
    ///
    /// - Parameters:
    ///   - version: 2 (default) or 1; any other value writes 2.
    ///   - highlighting: also write each code line's syntax highlighting,
    ///     once, when the line is complete (version 2 only: a `highlight`
    ///     op, `docs/patches.md`).
    public init(version: Int = 2, highlighting: Bool = false) {
        self.version = version == 1 ? 1 : 2
        if highlighting && self.version == 2 { highlights = CodeHighlights() }
        if self.version == 2 {
            json.raw(#"{"v":2}"#)
            json.byte(0x0A)
        }
    }

    /// Encodes one batch of patches (the result of one `append` or
    /// `finish`), one line per patch; the insert of a block nested deeper
    /// than 128 levels takes one line per 128 levels, so that no line nests
    /// deeper than JSON readers accept (512 levels).
    ///
    /// - Complexity: O(bytes written) plus, in version 2, the
    ///   ``DeltaEncoder`` comparison of each updated value with the old one;
    ///   with highlighting, O(new code bytes) of lexing (``CodeHighlights``).
    public mutating func write(_ patches: [Patch]) {
        if version == 1 {
            for patch in patches {
                guard case .insert(let parent, let index, let block) = patch, !block.children.isEmpty else {
                    json.patch(patch)
                    json.byte(0x0A)
                    continue
                }
                // A deep block goes out in pieces (PatchSplitter), as in version 2.
                for piece in PatchSplitter.pieces(parent: parent, index: index, block: block) {
                    json.patch(.insert(parent: piece.parent, index: piece.index, block: piece.block))
                    json.byte(0x0A)
                }
            }
            return
        }
        deltas.removeAll(keepingCapacity: true)
        for patch in patches {
            // A close completes a code block's last line: its highlighting
            // goes out before the close, so that a client never changes a
            // closed block. Other patches are highlighted after they apply.
            if case .close = patch { highlight(patch) }
            encoder.encode(patch, into: &deltas)
            if case .close = patch {} else { highlight(patch) }
        }
        for delta in deltas { write(delta) }
    }

    /// Appends the highlight ops of the lines `patch` completed.
    private mutating func highlight(_ patch: Patch) {
        guard highlights != nil else { return }
        changes.removeAll(keepingCapacity: true)
        highlights!.apply(patch, root: encoder.treeWithoutContainerRanges, into: &changes)
        for change in changes {
            deltas.append(.highlight(id: change.id, firstLine: change.firstLine, lines: change.lines.map(\.tokens)))
        }
    }

    /// Writes one version-2 patch (the writer must be version 2); the
    /// insert of a block nested deeper than 128 levels takes one line per
    /// 128 levels.
    public mutating func write(_ delta: DeltaPatch) {
        precondition(version == 2, "DeltaPatch needs a version-2 writer")
        guard case .insert(let parent, let index, let block) = delta, !block.children.isEmpty else {
            return writeLine(delta)
        }
        // A deep block goes out in pieces (PatchSplitter); every piece after
        // the first is its parent's last child.
        for (number, piece) in PatchSplitter.pieces(parent: parent, index: index ?? 0, block: block).enumerated() {
            writeLine(.insert(parent: piece.parent, index: number == 0 ? index : nil, block: piece.block))
        }
    }

    private mutating func writeLine(_ delta: DeltaPatch) {
        let line = JSONWriter.ShortFormLine(continuing: target.continues(delta), namesTarget: target.names(delta))
        target.advance(past: delta)
        json.delta(delta, line, ids: &ids)
        json.byte(0x0A)
    }

    /// The lines written since the last call (complete lines, UTF-8).
    public mutating func takeBytes() -> [UInt8] {
        defer { json.bytes.removeAll(keepingCapacity: true) }
        return json.bytes
    }

    /// The number of bytes waiting in the buffer.
    public var pendingByteCount: Int { json.bytes.count }
}
