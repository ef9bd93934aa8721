import Foundation
import StreamMark
import StreamMarkHTML

/// `--format html --fragments`: NDJSON `{"id":…,"html":…}` for every
/// top-level block whose HTML changed, after every chunk; `"html":null` when
/// a block is gone. The fragments of the blocks in document order,
/// concatenated, are the document's HTML. While streaming, the last block's
/// fragment shows the provisional display (`docs/provisional.md`); after the
/// end of the input every fragment is the truth.
final class FragmentsOutput: StreamOutput {
    let cache: RenderCache<Int, String>
    private var emitted: [BlockID: String] = [:]

    /// Renders the open block's provisional display (never cached).
    let renderer: HTMLRenderer

    init(options: HTMLRenderer.RenderOptions) {
        let renderer = HTMLRenderer(options: options)
        self.renderer = renderer
        cache = RenderCache { block, _, _ in renderer.render(block: block) }
    }

    /// Writes the fragments of the top-level blocks the patches touched
    /// (and of the open block, whose display may change), and `null` for
    /// top-level blocks that are gone.
    ///
    /// - Complexity: O(patches × depth) to find the touched top-level blocks
    ///   (searched from the end, where streaming changes happen), plus their
    ///   rendering; never O(document).
    func consume(_ patches: [Patch], document: StreamingDocument) {
        guard !patches.isEmpty else { return }
        var touched = topLevelBlocks(touchedBy: patches)
        do {
            try cache.apply(patches)
        } catch {
            cache.update(to: document.root)
            touched = Set(cache.root.children.map(\.id)).union(emitted.keys)
        }
        for patch in patches {
            if case .insert(.document, _, let block) = patch { touched.insert(block.id) }
            if case .insert(let parent, _, _) = patch, parent != .document, let top = topLevelID(of: parent) {
                touched.insert(top)
            }
        }
        if let last = cache.root.children.last?.id { touched.insert(last) }
        var out = ""
        let display = Self.display(of: document)
        var present: Set<BlockID> = []
        for block in cache.root.children.reversed() where touched.contains(block.id) {
            present.insert(block.id)
            let html = displayHTML(of: block, display) ?? cache.output(for: block, context: 0)
            if emitted[block.id] != html {
                emitted[block.id] = html
                out = Self.line(id: block.id, html: html) + out
            }
            if present.count == touched.count { break }
        }
        for id in touched.subtracting(present) where emitted[id] != nil {
            emitted[id] = nil
            out = Self.line(id: id, html: nil) + out
        }
        if !out.isEmpty { OutputSink.standardOutput.write(out) }
    }

    /// The top-level blocks holding the blocks that `patches` update,
    /// remove or move, found in the tree before they apply.
    private func topLevelBlocks(touchedBy patches: [Patch]) -> Set<BlockID> {
        var result: Set<BlockID> = []
        for patch in patches {
            switch patch {
            case .update(let id, _), .remove(let id), .move(let id, _, _):
                if let top = topLevelID(of: id) { result.insert(top) }
            case .insert, .close:
                break
            }
        }
        return result
    }

    /// The id of the top-level block that is or contains `id`, searching
    /// from the last block (where streaming changes happen).
    private func topLevelID(of id: BlockID) -> BlockID? {
        guard id != .document else { return nil }
        func contains(_ block: Block) -> Bool {
            block.id == id || block.children.reversed().contains(where: contains)
        }
        return cache.root.children.last(where: contains)?.id
    }

    var renderCounts: (renders: Int, blocks: Int)? { (cache.renderCount, cache.renderCounts.count) }

    func finish(_ patches: [Patch], document: StreamingDocument) {
        consume(patches, document: document)
    }

    /// One NDJSON line.
    static func line(id: BlockID, html: String?) -> String {
        "{\"id\":\(quoted(id.rawValue)),\"html\":\(html.map(quoted) ?? "null")}\n"
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    private static func quoted(_ text: String) -> String {
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
