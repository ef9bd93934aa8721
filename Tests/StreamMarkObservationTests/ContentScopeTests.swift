import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkObservation
import StreamMarkTestSupport
import Testing

/// The content scope (`RenderScope.contentBlocks`): the model renders each
/// content block on its own, and per append exactly the ones the append
/// inserted or changed, however long the open list, quote or table around
/// them; containers are never rendered, so no closed sibling is walked.
@Suite("Content scope")
@MainActor
struct ContentScopeTests {
    /// The first 24 KB of the long shapes (the check below walks the whole
    /// tree after every append) and two answers.
    nonisolated static let files = [
        "generated/long-list.md", "generated/long-blockquote.md", "generated/long-table.md",
        "llm/022-keras-csv-classifier.md", "llm/005-ingredient-flavor-table.md",
        // Math blocks and math inlines: a closed math block is rendered
        // once, like any content block whose value stays the same.
        "features/math-answer.md",
    ]

    static func bytes(_ file: String) -> [UInt8] {
        let url = CorpusAnswers.root.appendingPathComponent("Corpus").appendingPathComponent(file)
        return Array(((try? [UInt8](Data(contentsOf: url))) ?? []).prefix(24_000))
    }

    /// The blocks of `root` the content scope renders, by id, as the render
    /// function receives them: every block but the document, quotes, alerts, lists
    /// and items; a table without its rows.
    static func contentBlocks(of root: Block) -> [BlockID: Block] {
        var result: [BlockID: Block] = [:]
        root.forEach { block in
            switch block.kind {
            case .document, .blockQuote, .alert, .list, .item: return
            default: result[block.id] = Block(id: block.id, kind: block.kind, range: block.range)
            }
        }
        return result
    }

    @Test(arguments: files)
    func rendersExactlyTheChangedContentBlocks(file: String) {
        let bytes = Self.bytes(file)
        #expect(bytes.count > 2_000)
        let renderer = HTMLRenderer()
        var received: [Block] = []
        let model = DocumentModel<String>(scope: .contentBlocks) { block, _, _ in
            received.append(block)
            return renderer.render(block: block)
        }
        var before = Self.contentBlocks(of: model.document.root)
        var most = 0
        func check(_ patches: [Patch]) {
            let after = Self.contentBlocks(of: model.document.root)
            // New or changed values, plus blocks removed and inserted again
            // by the same append (the model forgets a removed block's output).
            var expected = Set(after.filter { before[$0.key] != $0.value }.keys)
            for patch in patches { if case .remove(let id) = patch, after[id] != nil { expected.insert(id) } }
            #expect(Set(received.map(\.id)) == expected, "\(file)")
            #expect(received.count == expected.count, "\(file): a block rendered twice in one append")
            most = max(most, received.count)
            before = after
            received.removeAll()
        }
        for chunk in CorpusAnswers.chunks(bytes, size: 4) { check(model.append(bytes: chunk)) }
        check(model.finish())
        // A 24 KB list, quote or table never makes one append render more
        // than a few blocks (the row or item that grew and its neighbours).
        #expect(most <= 4, "\(file): \(most) renders in one append")
        let oneShot = MarkdownParser().parse(bytes: bytes[...])
        let content = Self.contentBlocks(of: oneShot)
        oneShot.forEach { block in
            guard block.id != .document else { return }
            let output = model.node(for: block.id)?.output
            #expect(output == content[block.id].map { renderer.render(block: $0) }, "\(file): \(block.id)")
        }
    }

    /// In the top-level scope the same long list renders its whole subtree on
    /// every append that changes it: what the content scope avoids.
    @Test func topLevelScopeRendersTheWholeOpenList() {
        let bytes = Self.bytes("generated/long-list.md").prefix(8_000)
        var renderedBytes = 0
        let renderer = HTMLRenderer()
        let model = DocumentModel<String> { block, _, _ in
            let html = renderer.render(block: block)
            renderedBytes += html.utf8.count
            return html
        }
        var appends = 0
        for chunk in CorpusAnswers.chunks(Array(bytes), size: 4) {
            model.append(bytes: chunk)
            appends += 1
        }
        // Each append renders the open list again: on average more than
        // half of the final HTML per append.
        #expect(
            Double(renderedBytes) / Double(appends) > 0.4
                * Double(model.blocks.compactMap(\.output).joined().utf8.count))
    }
}
