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
        var failures: [String] = []
        for index in 0..<100 {
            let markdown = RepeatedDefinitionGenerator.document(seed: 0x5EED_0000 + UInt64(batch * 100 + index))
            let ours = GFMOracle.ours(Array(markdown.utf8), extensions: GFMOracle.footnoteOptions)
            let theirs = try GFMOracle.html(Array(markdown.utf8), extensions: GFMOracle.withFootnotes)
            if ours != theirs { failures.append(markdown) }
        }
        #expect(failures.isEmpty, "\(failures.count) of 100 differ; first: \(failures.first?.debugDescription ?? "")")
    }
}
