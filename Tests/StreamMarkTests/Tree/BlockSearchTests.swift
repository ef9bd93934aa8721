import StreamMark
import Testing

/// `descendant(withID:)` and `path(to:)` against a plain walk of the tree,
/// for every block of real answers.
@Suite struct BlockSearchTests {
    @Test(arguments: ["llm/001-peer-support-nlp-alerts-project.md", "llm/035-ru-micro-ros-arduino.md"])
    func everyBlockIsFoundWithItsAncestors(file: String) {
        let root = MarkdownParser().parse(bytes: CorpusFiles.bytes(file))
        var parents: [BlockID: BlockID] = [:]
        var count = 0
        root.forEach { block in
            count += 1
            for child in block.children { parents[child.id] = block.id }
        }
        #expect(count > 20)
        root.forEach { block in
            #expect(root.descendant(withID: block.id) == block)
            var expected = [block.id]
            while let parent = parents[expected[0]] { expected.insert(parent, at: 0) }
            #expect(root.path(to: block.id) == expected)
        }
        #expect(root.descendant(withID: "e999999") == nil)
        #expect(root.path(to: "e999999") == nil)
    }
}
