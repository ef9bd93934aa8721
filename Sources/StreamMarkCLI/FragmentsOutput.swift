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
    private var order: [BlockID] = []

    /// Renders the open block's provisional display (never cached).
    let renderer: HTMLRenderer

    init(options: HTMLRenderer.RenderOptions) {
        let renderer = HTMLRenderer(options: options)
        self.renderer = renderer
        cache = RenderCache { block, _, _ in renderer.render(block: block) }
    }

    func consume(_ patches: [Patch], document: StreamingDocument) {
        guard !patches.isEmpty else { return }
        do {
            try cache.apply(patches)
        } catch {
            cache.update(to: document.root)
        }
        var out = ""
        let ids = cache.root.children.map(\.id)
        if ids != order {
            let present = Set(ids)
            for id in order where !present.contains(id) {
                emitted[id] = nil
                out += Self.line(id: id, html: nil)
            }
            order = ids
        }
        let display = Self.display(of: document)
        for block in cache.root.children {
            let html = displayHTML(of: block, display) ?? cache.output(for: block, context: 0)
            if emitted[block.id] != html {
                emitted[block.id] = html
                out += Self.line(id: block.id, html: html)
            }
        }
        if !out.isEmpty { OutputSink.standardOutput.write(out) }
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
