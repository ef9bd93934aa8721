import StreamMark

/// `--format patches --display`: after each chunk's patches, a `display`
/// line when the open block's provisional display changed
/// (`docs/provisional.md`, "In the patch stream"):
///
/// ```json
/// ["d","e40",[…]]
/// ["d","e40",null]
/// ```
///
/// (``DisplayLine``; version 1 streams write
/// `{"v":1,"op":"display","id":"e40","blocks":[…]}`.)
///
/// At most one display is active: a `display` line replaces the previous
/// one; `null` blocks (or a `close`/`remove` of its id) end it, and the
/// client shows the truth again.
final class DisplayLinesOutput: StreamOutput {
    private let base: any StreamOutput
    /// The protocol version of the stream (the lines use its block encoding).
    private let version: Int
    /// The display last sent (`nil`: none active).
    private var active: ProvisionalDisplay?

    init(_ base: any StreamOutput, version: Int) {
        self.base = base
        self.version = version
    }

    func consume(_ patches: [Patch], document: StreamingDocument) {
        base.consume(patches, document: document)
        var document = document
        let display = document.provisionalDisplay()
        if let line = line(for: display, patches: patches) { OutputSink.standardOutput.write(line) }
    }

    func finish(_ patches: [Patch], document: StreamingDocument) {
        base.finish(patches, document: document)
        // After finish() every block is closed: any active display ended.
        active = nil
    }

    var renderCounts: (renders: Int, blocks: Int)? { base.renderCounts }

    /// The line announcing `display`, or `nil` when nothing changed for the
    /// client.
    private func line(for display: ProvisionalDisplay, patches: [Patch]) -> String? {
        if let current = active, patches.contains(where: { Self.ends($0, current.openID) }) { active = nil }
        if display.differsFromTruth, let id = display.openID {
            guard display != active else { return nil }
            active = display
            return encode(id: id, blocks: display.blocks)
        }
        guard let current = active, let id = current.openID else { return nil }
        active = nil
        return encode(id: id, blocks: nil)
    }

    /// Whether `patch` closes or removes `id` (which ends its display).
    private static func ends(_ patch: Patch, _ id: BlockID?) -> Bool {
        switch patch {
        case .close(let closed): closed == id
        case .remove(let removed): removed == id
        default: false
        }
    }

    private func encode(id: BlockID, blocks: [Block]?) -> String? {
        String(decoding: DisplayLine.encode(id: id, blocks: blocks, version: version), as: UTF8.self)
    }
}
