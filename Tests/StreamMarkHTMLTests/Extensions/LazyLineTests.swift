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
        var failures: [String] = []
        for index in 0..<100 {
            let markdown = LazyLineGenerator.document(seed: 0x1A2_0000 + UInt64(batch * 100 + index))
            let ours = GFMOracle.ours(Array(markdown.utf8), extensions: GFMOracle.footnoteOptions)
            let theirs = try GFMOracle.html(Array(markdown.utf8), extensions: GFMOracle.withFootnotes)
            if ours != theirs { failures.append(markdown) }
        }
        #expect(failures.isEmpty, "\(failures.count) of 100 differ; first: \(failures.first?.debugDescription ?? "")")
    }
}
