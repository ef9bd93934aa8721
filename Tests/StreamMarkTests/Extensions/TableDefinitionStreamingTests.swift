import StreamMark
import StreamMarkTestSupport
import Testing

/// ``TableDefinitionGenerator``'s documents streamed through the prefix
/// harness at every byte, footnotes on, 60 per batch: a delimiter row that
/// arrives under a paragraph of definitions undefines them, in the window
/// and for the frozen blocks that use their labels (parsed again with the
/// window behind them), and a frozen table carries no definition.
@Suite struct TableDefinitionStreamingTests {
    @Test(arguments: 0..<3)
    func documentsStreamLikeOneShot(batch: Int) {
        let first = 0x7AB1_E000 + UInt64(batch * 60)
        SeededStreaming.expectStreamLikeOneShot(
            seeds: first..<first + 60, options: ParseOptions(extensions: [.gfm, .footnotes]),
            TableDefinitionGenerator.document)
    }
}
