import StreamMark
import StreamMarkTestSupport
import Testing

/// The prefix-identity harness over every Corpus document, with every-byte,
/// per-line and a seeded random chunking (random chunks of 1–16 bytes split
/// UTF-8 characters and `\r\n` pairs; one seed: this is the largest suite
/// of the test run). The mixed chunkings of 1–512 bytes are in
/// ``PrefixHarnessMixedChunkingTests``.
@Suite struct PrefixHarnessCorpusTests {
    static let answers = CorpusFiles.markdownFiles(under: "llm")
    static let chunkings: [PrefixHarness.Chunking] = [
        .everyByte, .lines, .random(seed: 1),
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

    static let documents =
        CorpusFiles.markdownFiles(under: "documents") + CorpusFiles.markdownFiles(under: "generated/small")

    /// Real long documents and the small versions of the generated stress
    /// documents: every chunking, full checks at up to 200 boundaries each.
    @Test(arguments: chunkings)
    func documentsAndSmallStressDocuments(chunking: PrefixHarness.Chunking) {
        #expect(Self.documents.count >= 20)
        let harness = PrefixHarness(options: ParseOptions(), fullCheckLimit: 200)
        // The pathological files nest thousands of levels deep.
        LargeStack.run {
            for file in Self.documents {
                let report = harness.verify(name: file, bytes: CorpusFiles.bytes(file), chunking: chunking)
                #expect(report.passed, "\(report.summaryLine)\n\(report.violations.prefix(3).map(\.description))")
            }
        }
    }

    /// The full-size generated stress documents (up to 1 MB): per line, patch
    /// checks at every boundary, full checks at 20. (The
    /// pathological files are single paragraphs of ~100 KB: an open paragraph
    /// is re-parsed on every append, so small chunks would be quadratic here;
    /// their small versions run with every chunking above.)
    @Test(arguments: [PrefixHarness.Chunking.lines])
    func fullSizeStressDocuments(chunking: PrefixHarness.Chunking) {
        let files = CorpusFiles.markdownFiles(under: "generated").filter { !$0.contains("/small/") }
        #expect(files.count >= 10)
        let harness = PrefixHarness(options: ParseOptions(), fullCheckLimit: 20)
        LargeStack.run {
            for file in files {
                let report = harness.verify(name: file, bytes: CorpusFiles.bytes(file), chunking: chunking)
                #expect(report.passed, "\(report.summaryLine)\n\(report.violations.prefix(3).map(\.description))")
            }
        }
    }
}
