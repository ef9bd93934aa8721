import Foundation
import StreamMark

/// `--format patches --display`: after each chunk's patches, a `display`
/// line when the open block's provisional display changed
/// (`docs/provisional.md`, "In the patch stream"):
///
/// ```json
/// {"op":"display","v":1,"id":"e40","blocks":[…]}
/// {"op":"display","v":1,"id":"e40","blocks":null}
/// ```
///
/// At most one display is active: a `display` line replaces the previous
/// one; `"blocks":null` (or a `close`/`remove` of its id) ends it, and the
/// client shows the truth again.
final class DisplayLinesOutput: StreamOutput {
    private let base: any StreamOutput
    /// The display last sent (`nil`: none active).
    private var active: ProvisionalDisplay?

    init(_ base: any StreamOutput) { self.base = base }

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
            return Self.encode(id: id, blocks: display.blocks)
        }
        guard let current = active, let id = current.openID else { return nil }
        active = nil
        return Self.encode(id: id, blocks: nil)
    }

    /// Whether `patch` closes or removes `id` (which ends its display).
    private static func ends(_ patch: Patch, _ id: BlockID?) -> Bool {
        switch patch {
        case .close(let closed): closed == id
        case .remove(let removed): removed == id
        default: false
        }
    }

    private struct Line: Encodable {
        var id: BlockID
        var blocks: [Block]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("display", forKey: .op)
            try container.encode(1, forKey: .v)
            try container.encode(id, forKey: .id)
            try container.encode(blocks, forKey: .blocks)
        }

        enum Keys: String, CodingKey { case op, v, id, blocks }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()

    private static func encode(id: BlockID, blocks: [Block]?) -> String? {
        guard let data = try? encoder.encode(Line(id: id, blocks: blocks)) else { return nil }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
