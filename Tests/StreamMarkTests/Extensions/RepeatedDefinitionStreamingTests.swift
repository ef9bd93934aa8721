import StreamMark
import StreamMarkTestSupport
import Testing

/// `RepeatedDefinitionGenerator`'s documents streamed through the prefix
/// harness at every byte, footnotes on: a paragraph parsed again takes the
/// definitions that begin before it first, in a window parse (behind the
/// carriers) and in a frozen paragraph's parse (carriers before and after
/// it) as in the one-shot parse.
@Suite struct RepeatedDefinitionStreamingTests {
    @Test(arguments: 0..<2)
    func documentsStreamLikeOneShot(batch: Int) {
        let seeds = 0x5EED_0000 + UInt64(batch * 60)..<0x5EED_0000 + UInt64(batch * 60 + 60)
        let failures = SeededStreaming.failingDocuments(
            seeds: seeds, options: ParseOptions(extensions: [.gfm, .footnotes]), RepeatedDefinitionGenerator.document)
        #expect(failures.isEmpty, "\(failures.count) of 60 fail; first: \(failures.first?.debugDescription ?? "")")
    }
}
