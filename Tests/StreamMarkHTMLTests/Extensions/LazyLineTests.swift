import StreamMark
import StreamMarkTestSupport
import Testing

/// Paragraphs parsed again whose lazy continuation lines start with
/// whitespace cmark keeps (in a code span, a label over lines, after a
/// hard line break), compared with cmark-gfm with footnotes on (formerly
/// known difference 9 of docs/extensions.md: the whitespace was lost).
@Suite struct LazyLineTests {
    @Test(arguments: 0..<4)
    func documentsMatchCmarkGFM(batch: Int) throws {
        let seeds = 0x1A2_0000 + UInt64(batch * 100)..<0x1A2_0000 + UInt64(batch * 100 + 100)
        let failures = try GFMOracle.documentsDifferingWithFootnotes(seeds: seeds, LazyLineGenerator.document)
        #expect(failures.isEmpty, "\(failures.count) of 100 differ; first: \(failures.first?.debugDescription ?? "")")
    }
}
