import StreamMark
import StreamMarkTestSupport
import Testing

/// The blocks after a table's lines (which cmark-gfm parses as blocks of
/// their own, taking in the blocks after them) streamed through the prefix
/// harness, and the ranges of the trees the layer builds there.
@Suite struct TableFollowerStreamingTests {
    /// Minimized differential-fuzzer findings about the blocks after a
    /// table (see `TableFollowerTests` in the HTML tests).
    static let findings = [
        "a|b\n-|-\n2) ```", "t` |d| `|\n|- | - | - |\nbar\n|é|\n2) ```", "a|b\n-|-\n    )\n```\n\n",
        "`|`\n-|-\n|\n- ```\n", "a|b\n-|-\n    }\n\n    :\n", "a|b\n-|-\n<a>\n#\ni", "a|b\n-|-\n|\n<!-->",
        "a|b\n-|-\n2) x\n\n3) y\n", "a|b\n-|-\n2) x\n\n   y\n\n   z\n\nw", "> a|b\n> -|-\n> 2) x\n>\n>    y\n> w\n",
        "h | [x] |\n|-|-|\ne\n    more\n[x]: /u\n***\n", "[b]: /early\n\nx|[b]\n-|-\n    more\n[b]: /u\n",
        "1. a|b\n   -|-\n   <a>\n   ```\n\nz\n", "- a|b\n  -|-\n  <a>\n  ~~~\n  c\nz\n",
    ]

    static let chunkings: [PrefixHarness.Chunking] = [.everyByte, .mixed(seed: 1), .mixed(seed: 2), .fixed(3)]

    @Test(arguments: findings)
    func findingStreamsLikeOneShot(_ text: String) {
        for chunking in Self.chunkings {
            let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: chunking)
            #expect(report.violations.isEmpty, "\(chunking): \(report.violations.prefix(1))")
            #expect(report.prefixesChecked > 0)
        }
    }

    @Test(arguments: 0..<200)
    func randomDocumentStreamsLikeOneShot(_ seed: Int) {
        let text = TableFollowerGenerator.document(seed: UInt64(seed))
        for chunking in [PrefixHarness.Chunking.everyByte, .mixed(seed: UInt64(seed))] {
            let report = PrefixHarness().verify(name: "seed \(seed)", bytes: Array(text.utf8), chunking: chunking)
            #expect(report.violations.isEmpty, "\(chunking) \(text.debugDescription): \(report.violations.prefix(1))")
        }
    }

    /// Lists whose items hold tables, some followed by a line without the
    /// item's indentation (`TableFollowerTests.randomListsMatchCmarkGFM`).
    @Test(arguments: 0..<2)
    func randomListsStreamLikeOneShot(batch: Int) {
        let first = 0x1157_0000 + UInt64(batch * 60)
        SeededStreaming.expectStreamLikeOneShot(
            seeds: first..<first + 60, options: ParseOptions(extensions: [.gfm]), TableFollowerGenerator.listDocument)
    }

    /// Definitions that leave a table's containers reach the frozen blocks
    /// that use their labels, before and after them
    /// (`TableFollowerTests.randomEscapedDefinitionsMatchCmarkGFM`).
    @Test(arguments: 0..<2)
    func randomEscapedDefinitionsStreamLikeOneShot(batch: Int) {
        let first = 0xDEF0_0000 + UInt64(batch * 60)
        SeededStreaming.expectStreamLikeOneShot(
            seeds: first..<first + 60, options: ParseOptions(), TableFollowerGenerator.escapedDefinitionDocument)
    }

    /// Definitions among the lines after a table that cmark read as its
    /// paragraph's text (`TableFollowerTests.randomRemainderDefinitionsMatchCmarkGFM`).
    @Test(arguments: 0..<2)
    func randomRemainderDefinitionsStreamLikeOneShot(batch: Int) {
        let first = 0x7AB1_0000 + UInt64(batch * 60)
        SeededStreaming.expectStreamLikeOneShot(
            seeds: first..<first + 60, options: ParseOptions(), TableFollowerGenerator.remainderDefinitionDocument)
    }

    /// Lines without a container's prefix after the block that follows a
    /// table in it (`TableFollowerTests.randomLazyLinesMatchCmarkGFM`).
    @Test(arguments: 0..<2)
    func randomLazyLinesStreamLikeOneShot(batch: Int) {
        let first = 0x1A2E_0000 + UInt64(batch * 60)
        SeededStreaming.expectStreamLikeOneShot(
            seeds: first..<first + 60, options: ParseOptions(extensions: .standard),
            TableFollowerGenerator.lazyLineDocument)
    }

    /// Every range in the tree lies inside the text (a fence in an
    /// ordered item after a table once ended at `3 << 52 + 13`, the cell
    /// parser's offset for its context). A child may end a little after
    /// its parent: cmark's own ranges do (a fence in a block quote).
    @Test(arguments: findings + (0..<300).map { TableFollowerGenerator.document(seed: UInt64($0)) })
    func rangesLieInsideTheText(_ text: String) {
        let root = MarkdownParser().parse(text)
        var stack = root.children
        var count = 0
        while let block = stack.popLast() {
            #expect(block.range.upperBound <= text.utf8.count, "\(block.id) \(block.range) in \(text.debugDescription)")
            stack.append(contentsOf: block.children)
            count += 1
        }
        #expect(count > 0)
    }
}
