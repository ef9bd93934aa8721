import StreamMark
import StreamMarkTestSupport
import Testing

/// Links over markup (`URLMarkup`) stream like the one-shot parse: at every
/// byte and at seeded chunkings, the streamed tree equals the one-shot one.
@Suite struct URLMarkupStreamingTests {
    @Test(arguments: 0..<120)
    func streamsLikeOneShot(_ seed: Int) {
        let bytes = Array(URLMarkupGenerator.document(seed: UInt64(seed)).utf8)
        let harness = PrefixHarness(options: ParseOptions())
        for chunking in [PrefixHarness.Chunking.everyByte, .random(seed: UInt64(seed))] {
            let report = harness.verify(name: "seed \(seed)", bytes: bytes, chunking: chunking)
            #expect(
                report.violations.isEmpty,
                "\(chunking): \(report.violations.first.map(\.description) ?? "")\n\(String(decoding: bytes, as: UTF8.self))"
            )
            #expect(report.prefixesChecked > 0)
        }
    }

    /// A long answer whose paragraphs each hold a link over markup, streamed
    /// in small chunks.
    @Test func longAnswerStreamsLikeOneShot() {
        var text = ""
        for index in 0..<60 {
            text += "Step \(index): see https://docs.python.org/3/library/__main__.html#\(index) and `x_\(index)`.\n\n"
        }
        let harness = PrefixHarness(options: ParseOptions())
        let report = harness.verify(name: "long", bytes: Array(text.utf8), chunking: .random(seed: 7))
        #expect(report.violations.isEmpty, "\(report.violations.first.map(\.description) ?? "")")
        #expect(report.prefixesChecked > 60)
    }
}
