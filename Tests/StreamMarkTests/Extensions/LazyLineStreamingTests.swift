import StreamMark
import StreamMarkTestSupport
import Testing

/// `LazyLineGenerator`'s documents streamed through the prefix harness at
/// every byte, footnotes on: a paragraph parsed again with its lazy lines'
/// whitespace parses the same in a window as in the one-shot parse.
@Suite struct LazyLineStreamingTests {
    @Test(arguments: 0..<2)
    func documentsStreamLikeOneShot(batch: Int) {
        let harness = PrefixHarness(options: ParseOptions(extensions: [.gfm, .footnotes]))
        var failures: [String] = []
        for index in 0..<60 {
            let text = LazyLineGenerator.document(seed: 0x1A2_0000 + UInt64(batch * 60 + index))
            let report = harness.verify(name: text, bytes: Array(text.utf8), chunking: .everyByte)
            if !report.passed { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.count) of 60 fail; first: \(failures.first?.debugDescription ?? "")")
    }
}
