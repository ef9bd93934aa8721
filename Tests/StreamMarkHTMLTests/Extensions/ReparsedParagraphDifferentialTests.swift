import StreamMark
import StreamMarkTestSupport
import Testing

/// Seeded documents of paragraphs StreamMark parses again, compared with
/// cmark-gfm with footnotes on, 100 per batch: repeated definitions (the
/// first one wins over one on such a paragraph's own first lines, formerly
/// known difference 4 of docs/extensions.md) and lazy lines (the
/// whitespace cmark keeps at their start, formerly known difference 9).
/// Every batch of both fails on the code before those fixes.
@Suite struct ReparsedParagraphDifferentialTests {
    @Test(arguments: ReparsedParagraphFamily.allCases, 0..<4)
    func documentsMatchCmarkGFM(family: ReparsedParagraphFamily, batch: Int) throws {
        let first = family.firstSeed + UInt64(batch * 100)
        try GFMOracle.expectMatchWithFootnotes(seeds: first..<first + 100, family.document)
    }
}
