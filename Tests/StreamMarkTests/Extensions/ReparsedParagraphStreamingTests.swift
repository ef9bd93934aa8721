import StreamMark
import StreamMarkTestSupport
import Testing

/// `ReparsedParagraphFamily`'s documents streamed through the prefix harness
/// at every byte, footnotes on, 60 per batch: a paragraph parsed again takes
/// the definitions that begin before it first and keeps its lazy lines'
/// whitespace in a window parse (behind the carriers) and in a frozen
/// paragraph's parse (carriers before and after it) as in the one-shot parse.
@Suite struct ReparsedParagraphStreamingTests {
    @Test(arguments: ReparsedParagraphFamily.allCases, 0..<2)
    func documentsStreamLikeOneShot(family: ReparsedParagraphFamily, batch: Int) {
        let first = family.firstSeed + UInt64(batch * 60)
        SeededStreaming.expectStreamLikeOneShot(
            seeds: first..<first + 60, options: ParseOptions(extensions: [.gfm, .footnotes]), family.document)
    }
}
