import StreamMark
import Testing

/// The prefix-identity harness over every Corpus document, with every-byte,
/// per-line and seeded random chunkings (random chunks of 1–16 bytes split
/// UTF-8 characters and `\r\n` pairs).
@Suite struct PrefixHarnessCorpusTests {
    static let answers = CorpusFiles.markdownFiles(under: "llm")
    static let chunkings: [PrefixHarness.Chunking] = [
        .everyByte, .lines, .random(seed: 1), .random(seed: 2), .random(seed: 3),
    ]

    @Test func corpusHasTheModelAnswers() {
        #expect(Self.answers.count == 40)
    }

    @Test(arguments: chunkings, [ParseOptions.commonMark, ParseOptions()])
    func modelAnswers(chunking: PrefixHarness.Chunking, options: ParseOptions) {
        // Full tree checks at up to 400 boundaries per file; patch replay,
        // update and identity checks at every boundary.
        let harness = PrefixHarness(options: options, fullCheckLimit: 400)
        for file in Self.answers {
            let report = harness.verify(name: file, bytes: CorpusFiles.bytes(file), chunking: chunking)
            #expect(report.passed, "\(report.summaryLine)\n\(report.violations.prefix(3).map(\.description))")
            #expect(report.prefixesChecked > 0)
        }
    }
}
