import StreamMark
import StreamMarkTestSupport
import Testing

/// Seeded documents that define the same labels several times, with
/// paragraphs that StreamMark parses again (an escaped tilde, a link over
/// markup, a footnote reference) beginning with their own definitions,
/// compared with cmark-gfm: the first definition of a label wins wherever
/// the paragraph that repeats it is parsed (formerly known difference 4 of
/// docs/extensions.md: a paragraph's own definitions won over earlier ones).
@Suite struct RepeatedDefinitionTests {
    @Test(arguments: 0..<4)
    func documentsMatchCmarkGFM(batch: Int) throws {
        let seeds = 0x5EED_0000 + UInt64(batch * 100)..<0x5EED_0000 + UInt64(batch * 100 + 100)
        let failures = try GFMOracle.documentsDifferingWithFootnotes(seeds: seeds, RepeatedDefinitionGenerator.document)
        #expect(failures.isEmpty, "\(failures.count) of 100 differ; first: \(failures.first?.debugDescription ?? "")")
    }
}
