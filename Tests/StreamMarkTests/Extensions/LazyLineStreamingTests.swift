import StreamMark
import StreamMarkTestSupport
import Testing

/// `LazyLineGenerator`'s documents streamed through the prefix harness at
/// every byte, footnotes on: a paragraph parsed again with its lazy lines'
/// whitespace parses the same in a window as in the one-shot parse.
@Suite struct LazyLineStreamingTests {
    @Test(arguments: 0..<2)
    func documentsStreamLikeOneShot(batch: Int) {
        let seeds = 0x1A2_0000 + UInt64(batch * 60)..<0x1A2_0000 + UInt64(batch * 60 + 60)
        let failures = SeededStreaming.failingDocuments(
            seeds: seeds, options: ParseOptions(extensions: [.gfm, .footnotes]), LazyLineGenerator.document)
        #expect(failures.isEmpty, "\(failures.count) of 60 fail; first: \(failures.first?.debugDescription ?? "")")
    }
}
