import StreamMark
import StreamMarkTestSupport
import Testing

/// The patch stream sends a block nested deeper than 128 levels as several
/// inserts (`PatchSplitter`), so that no line nests deeper than JSON
/// readers accept: both versions, written and read back, rebuild the
/// engine's tree.
@Suite struct PatchSplitterTests {
    /// A chain of `depth` blocks (quotes, or lists and items) ending in a
    /// paragraph, with a sibling paragraph every `every` levels.
    static func chain(depth: Int, lists: Bool, every: Int) -> Block {
        var block = Block(id: "e0", kind: .paragraph(inlines: [.emphasis([.text("deep")])]), range: 0..<1)
        for level in 1...depth {
            let id = BlockID.source(level)
            var children = [block]
            if level % every == 0 {
                children.append(
                    Block(id: BlockID("p\(level)"), kind: .paragraph(inlines: [.text("\(level)")]), range: 0..<1))
            }
            if lists {
                block =
                    level % 2 == 0
                    ? Block(
                        id: .list(level), kind: .list(ListAttributes(kind: .bullet)), range: 0..<1, children: children)
                    : Block(id: id, kind: .item(task: nil), range: 0..<1, children: children)
            } else {
                block = Block(id: id, kind: .blockQuote, range: 0..<1, children: children)
            }
        }
        return block
    }

    @Test(arguments: [1, 127, 128, 129, 300, 5_000], [false, true])
    func writtenAndReadInBothVersions(depth: Int, lists: Bool) throws {
        let block = Self.chain(depth: depth, lists: lists, every: 7)
        let root = Block(id: .document, kind: .document, range: 0..<0, children: [block])
        for version in [1, 2] {
            var writer = PatchStreamWriter(version: version)
            writer.write([.insert(parent: .document, index: 0, block: block), .close(id: block.id)])
            let bytes = writer.takeBytes()
            #expect(JSONDepth.deepestLine(bytes) <= 512)
            // One insert, and one more per child of each block at depth
            // 128, 256, … (the chain's block at depth d is level depth - d + 1).
            let inserts =
                1
                + stride(from: 128, through: depth, by: 128).map { (depth - $0 + 1) % 7 == 0 ? 2 : 1 }.reduce(0, +)
            let lines = bytes.split(separator: 0x0A).count
            #expect(lines == inserts + 1 + (version == 2 ? 1 : 0), "version \(version)")
            var client = PatchStreamClient()
            try client.apply(stream: bytes)
            #expect(client.root == (version == 1 ? root : root.removingRanges()))
            #expect(client.isFinal("e0"))
        }
    }

    /// A wide tree: every block at the cut level has several children, in
    /// order, each becoming its own insert; the continuation target of
    /// version 2 follows the lines.
    @Test func wideTreesKeepTheirOrder() throws {
        var random = SplitMix64(seed: 42)
        var next = 0
        for _ in 0..<20 {
            var block = BlockValueSemanticsTests.tree(&random, budget: 30, next: &next)
            for level in 0..<200 {
                next += 1
                let sibling = BlockValueSemanticsTests.tree(&random, budget: 4, next: &next)
                block = Block(
                    id: BlockID("q\(level)-\(next)"), kind: .blockQuote, range: 0..<1,
                    children: level % 3 == 0 ? [block, sibling] : [sibling, block])
            }
            let root = Block(id: .document, kind: .document, range: 0..<0, children: [block])
            var writer = PatchStreamWriter()
            writer.write([.insert(parent: .document, index: 0, block: block)])
            let bytes = writer.takeBytes()
            #expect(JSONDepth.deepestLine(bytes) <= 512)
            var client = PatchStreamClient()
            try client.apply(stream: bytes)
            #expect(client.root == root.removingRanges())
        }
    }
}
