import StreamMark
import Testing

/// The cache itself, on hand-made patches.
@Suite("RenderCache")
struct RenderCacheTests {
    func paragraph(_ id: BlockID, _ text: String, at offset: Int) -> Block {
        Block(id: id, kind: .paragraph(inlines: [.text(text)]), range: offset..<(offset + text.utf8.count))
    }

    func makeCache() -> RenderCache<Int, String> {
        RenderCache { block, width, child in
            if let inlines = block.kind.inlines { return "\(width):" + inlines.plainText }
            return block.children.indices.map { child($0, width) }.joined(separator: "|")
        }
    }

    @Test func rendersOnlyChangedBlocks() throws {
        let cache = makeCache()
        try cache.apply([
            .insert(parent: .document, index: 0, block: paragraph("e0", "a", at: 0)),
            .insert(parent: .document, index: 1, block: paragraph("e3", "b", at: 3)),
        ])
        #expect(cache.output(for: cache.root, context: 80) == "80:a|80:b")
        #expect(cache.renderCount == 3)
        try cache.apply([.close(id: "e0"), .update(id: "e3", value: paragraph("e3", "bc", at: 3).value)])
        #expect(cache.output(for: cache.root, context: 80) == "80:a|80:bc")
        #expect(cache.renderCount(of: "e0") == 1)
        #expect(cache.renderCount(of: "e3") == 2)
        #expect(cache.renderCount(of: .document) == 2)
        #expect(cache.isClosed("e0"))
        // Nothing changed: nothing renders.
        #expect(cache.output(for: cache.root, context: 80) == "80:a|80:bc")
        #expect(cache.renderCount == 5)
        // A new context renders again.
        #expect(cache.output(for: cache.root, context: 40) == "40:a|40:bc")
        #expect(cache.renderCount == 8)
    }

    @Test func removeAndMoveRecompose() throws {
        let cache = makeCache()
        try cache.apply([
            .insert(parent: .document, index: 0, block: paragraph("e0", "a", at: 0)),
            .insert(parent: .document, index: 1, block: paragraph("e3", "b", at: 3)),
        ])
        _ = cache.output(for: cache.root, context: 1)
        try cache.apply([.move(id: "e3", parent: .document, index: 0)])
        #expect(cache.output(for: cache.root, context: 1) == "1:b|1:a")
        #expect(cache.renderCount(of: "e3") == 1)
        try cache.apply([.remove(id: "e0")])
        #expect(cache.output(for: cache.root, context: 1) == "1:b")
        #expect(cache.renderCount(of: .document) == 3)
    }

    @Test func renderersThatDoNotComposeRenderAgainWhenADescendantChanges() throws {
        let cache = RenderCache<Int, String> { block, _, _ in
            var text = ""
            block.forEach { if let inlines = $0.kind.inlines { text += inlines.plainText } }
            return text
        }
        let quote = Block(id: "e0", kind: .blockQuote, range: 0..<3, children: [paragraph("e2", "a", at: 2)])
        try cache.apply([.insert(parent: .document, index: 0, block: quote)])
        #expect(cache.output(for: cache.root.children[0], context: 0) == "a")
        try cache.apply([.update(id: "e2", value: paragraph("e2", "ab", at: 2).value)])
        #expect(cache.output(for: cache.root.children[0], context: 0) == "ab")
    }

    @Test func updateToTreeDiffs() {
        let cache = makeCache()
        cache.update(to: MarkdownParser().parse("a\n\nb\n"))
        #expect(cache.output(for: cache.root, context: 5) == "5:a|5:b")
        cache.update(to: MarkdownParser().parse("a\n\nbc\n"))
        #expect(cache.output(for: cache.root, context: 5) == "5:a|5:bc")
        #expect(cache.renderCount(of: "e0") == 1)
    }
}
