import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// What follows a table in its paragraph (lines cmark joined to the
/// paragraph, which cmark-gfm parses as blocks of their own) and the
/// blocks after it, compared with cmark-gfm byte for byte: the differential
/// fuzzer's findings about them, minimized, and seeded random documents
/// (``TableFollowerGenerator``).
@Suite struct TableFollowerTests {
    static let findings = [
        // An ordered item's fence after a table: its range held the cell
        // parser's context offset, its literal the separator's blank lines.
        "a|b\n-|-\n2) ```", "a|b\n-|-\n2. ```\n", "a|b\n-|-\n10) ```", "a|b\n-|-\n2) ~~~",
        // An unclosed fence after the lines after a table: its literal.
        "a|b\n-|-\n    )\n```\n\n", "`||||\n-|-|-|-\n    :\n~~~\n\n", "`|`\n-|-\n|\n- ```\n",
        "`||||\n-|-|-|-\n|\n1. `\n   ```",
        // Indented code after a table runs on across a blank line.
        "a|b\n-|-\n    }\n\n    :\n", "`||m\n-|-|-\n\t{\n\n    e", "`\n-:\n    }\n\n\t:",
        // An HTML block after a table runs on to a blank line, and is
        // never dropped.
        "a|b\n-|-\n<a>\n#\ni", "a|b\n-|-\n<a>\n# x\ni", "a|b\n-|-\n|\n<!-->",
        // A list item after a table takes the items and indented
        // paragraphs after it (formerly known difference 5).
        "a|b\n-|-\n2) x\n\n3) y\n", "a|b\n-|-\n2) x\n\n   y\n\n   z\n\nw", "| a |\n| - |\n-\n\n- b\n",
        // A definition after the block the first such line began (formerly
        // part of known difference 3), and an earlier definition of the
        // same label, which wins.
        "h | [x] |\n|-|-|\ne\n    more\n[x]: /u\n***\n", "[x]\n\na|b\n-|-\n<div>\n\n[x]: /u\n",
        "[b]: /early\n\nx|[b]\n-|-\n    more\n[b]: /u\n", "[b]: /early\n\nx|y\n-|-\n    more\n[b]: /u\n[b]:\n\n[b]\n",
        "[b]: /early\n\n- x|y\n  -|-\n*\n[b]: /u\n[b]:\n",
        // A fence in a list item that cmark left open and cmark-gfm's HTML
        // block takes: cmark's range of the fence runs over the line that
        // ended the list, which was parsed twice (`z` in the item and after).
        "1. a|b\n   -|-\n   <a>\n   ```\n\nz\n", "- a|b\n  -|-\n  <a>\n  ~~~\n  c\nz\n",
    ]

    @Test(arguments: findings)
    func findingMatchesCmarkGFM(_ markdown: String) throws {
        try GFMOracle.expectMatch(markdown)
    }

    @Test(arguments: 0..<600)
    func randomDocumentMatchesCmarkGFM(_ seed: Int) throws {
        let markdown = TableFollowerGenerator.document(seed: UInt64(seed))
        let (ours, theirs) = try GFMOracle.both(markdown)
        #expect(
            ours == theirs,
            "seed \(seed): \(markdown.debugDescription)\n\(GFMDifferentialTests.firstDifference(ours, theirs))")
    }

    /// Definitions among the lines after a table that cmark read as its
    /// paragraph's text (formerly part of known difference 3, seed 100 of
    /// the test above: `    more` / `[x]: /u`): cmark-gfm reads them
    /// (`TableBuilder` records them as `EscapedDefinitions`).
    @Test(arguments: 0..<3)
    func randomRemainderDefinitionsMatchCmarkGFM(batch: Int) throws {
        let first = 0x7AB1_0000 + UInt64(batch * 100)
        try GFMOracle.expectMatchWithFootnotes(
            seeds: first..<first + 100, TableFollowerGenerator.remainderDefinitionDocument)
    }

    /// Lines without a container's prefix after the block that follows a
    /// table in it (`FuzzFindingTests.linesLeavingAfterCode`).
    @Test(arguments: 0..<3)
    func randomLazyLinesMatchCmarkGFM(batch: Int) throws {
        let first = 0x1A2E_0000 + UInt64(batch * 100)
        try GFMOracle.expectMatchWithFootnotes(seeds: first..<first + 100, TableFollowerGenerator.lazyLineDocument)
    }

    /// Lists whose items hold tables, some followed by a line without the
    /// item's indentation (formerly known difference 10: cmark-gfm ends the
    /// list there, so a blank line after it does not loosen the list).
    @Test(arguments: 0..<3)
    func randomListsMatchCmarkGFM(batch: Int) throws {
        let first = 0x1157_0000 + UInt64(batch * 100)
        try GFMOracle.expectMatchWithFootnotes(seeds: first..<first + 100, TableFollowerGenerator.listDocument)
    }

    /// Definitions on the lines that leave a table's containers
    /// (``ExtensionWalker/escapedDefinitions``), used before, in the
    /// table and after.
    @Test(arguments: 0..<3)
    func randomEscapedDefinitionsMatchCmarkGFM(batch: Int) throws {
        let first = 0xDEF0_0000 + UInt64(batch * 100)
        try GFMOracle.expectMatchWithFootnotes(
            seeds: first..<first + 100, TableFollowerGenerator.escapedDefinitionDocument)
    }
}
