import StreamMark
import StreamMarkHTML
import StreamMarkObservation
import StreamMarkTestSupport
import Testing

/// Rendering lives in the model: each top-level block is rendered once per
/// append that changed it, its node's `output` is set only when the HTML
/// changed, and the final outputs are the one-shot HTML.
@Suite("Rendered output")
@MainActor
struct RenderedOutputTests {
    nonisolated static let names = CorpusAnswers.names.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)

    @Test(arguments: names)
    func outputIsSetOnlyWhenTheHTMLChanged(name: String) {
        let bytes = CorpusAnswers.bytes(name)
        let renderer = HTMLRenderer()
        let model = DocumentModel<String> { block, _, _ in renderer.render(block: block) }
        var trackers: [BlockID: ViewTracker<String>] = [:]
        var previous: [BlockID: Block] = [:]
        var html: [BlockID: String] = [:]
        var step = 0
        func check(_ append: () -> Void) {
            step += 1
            let before = trackers.mapValues(\.notifications)
            let rendersBefore = Dictionary(
                uniqueKeysWithValues: model.blocks.map { ($0.id, model.renderCount(of: $0.id)) })
            append()
            var current: [BlockID: Block] = [:]
            for block in model.document.root.children {
                current[block.id] = block
                let changed = previous[block.id] != block
                let renders = model.renderCount(of: block.id) - (rendersBefore[block.id] ?? 0)
                #expect(renders == (changed ? 1 : 0), "\(name) append \(step): \(block.id) rendered \(renders)×")
                guard changed else { continue }
                let fresh = renderer.render(block: block)
                let htmlChanged = html[block.id] != fresh
                html[block.id] = fresh
                if let tracker = trackers[block.id], let old = before[block.id] {
                    let delta = tracker.notifications - old
                    #expect(
                        delta == (htmlChanged ? 1 : 0), "\(name) append \(step): \(block.id) output notified \(delta)×")
                }
            }
            for node in model.blocks {
                #expect(node.output == html[node.id], "\(name) append \(step): \(node.id) output")
                if let tracker = trackers[node.id], tracker.node === node {
                    if tracker.isDirty { tracker.evaluate() }
                } else {
                    trackers[node.id] = ViewTracker(node: node, readsOutput: true)
                }
            }
            previous = current
        }
        for chunk in CorpusAnswers.chunks(bytes, size: 4) { check { model.append(bytes: chunk) } }
        check { model.finish() }
        let oneShot = MarkdownParser().parse(bytes: bytes)
        #expect(model.blocks.compactMap(\.output) == oneShot.children.map { renderer.render(block: $0) })
        #expect(model.blocks.compactMap(\.output).joined() == renderer.render(oneShot))
        // Every closed block was rendered for the last time when it last changed.
        #expect(model.renderCount >= model.blocks.count)
    }

    /// Without a renderer, nodes carry values only and nothing renders.
    @Test func noRendererNoOutput() {
        let model = DocumentModel<Never>()
        model.append("# A\n\nb\n")
        model.finish()
        #expect(model.renderCount == 0)
        #expect(model.blocks.count == 2)
        #expect(model.blocks.allSatisfy { $0.output == nil })
    }
}

/// Moves re-render both the container a block left and the one it joined.
@Suite("Rendered output of moves")
@MainActor
struct RenderedMoveTests {
    @Test func moveRerendersBothContainers() throws {
        let model = DocumentModel<String> { block, context, child in
            let inner = block.children.indices.map { child($0, context) }.joined(separator: ",")
            return block.kind.name + "(" + block.id.rawValue + ")[" + inner + "]"
        }
        func paragraph(_ id: BlockID) -> Block { Block(id: id, kind: .paragraph(inlines: [.text("x")]), range: 0..<1) }
        let a = Block(id: "t1:a", kind: .blockQuote, range: 0..<1, children: [paragraph("t1:a/p")])
        let b = Block(id: "t1:b", kind: .blockQuote, range: 0..<1, children: [paragraph("t1:b/p")])
        try model.apply([
            .insert(parent: .document, index: 0, block: a), .insert(parent: .document, index: 1, block: b),
        ])
        #expect(model.node(for: "t1:a")?.output == "block_quote(t1:a)[paragraph(t1:a/p)[]]")
        try model.apply([.move(id: "t1:a/p", parent: "t1:b", index: 1)])
        #expect(model.node(for: "t1:a")?.output == "block_quote(t1:a)[]")
        #expect(model.node(for: "t1:b")?.output == "block_quote(t1:b)[paragraph(t1:b/p)[],paragraph(t1:a/p)[]]")
        try model.apply([.move(id: "t1:b/p", parent: .document, index: 0)])
        #expect(model.blocks.map(\.id) == ["t1:b/p", "t1:a", "t1:b"])
        #expect(model.node(for: "t1:b")?.output == "block_quote(t1:b)[paragraph(t1:a/p)[]]")
        #expect(model.node(for: "t1:b/p")?.output == "paragraph(t1:b/p)[]")
    }
}
