import StreamMark
import StreamMarkTestSupport
import Testing

/// The prefix-identity harness with `mixed` chunkings — each chunk 1–512
/// bytes, mostly small, often mid-size, sometimes large — over long real
/// documents and documentation-shaped generated ones.
///
/// The chunkings of the other harness suites (every byte, lines, 1–16
/// random bytes) never met the crash of `Corpus/regressions`: it needs an
/// open block past the engine's 4 KB refresh threshold and then a chunk
/// large enough to cross several lines at once. Here every document is
/// streamed with several `mixed` seeds. Full tree checks at up to 32
/// boundaries per document (the patch, id and closed-block checks at all
/// of them), so the suite costs seconds in release.
@Suite struct PrefixHarnessMixedChunkingTests {
    /// Long real documents: the three Corpus documents, the 40 answers, the
    /// three regression files and both spec texts.
    static let realDocuments =
        CorpusFiles.markdownFiles(under: "documents") + CorpusFiles.markdownFiles(under: "llm")
        + CorpusFiles.markdownFiles(under: "regressions") + ["commonmark/spec.txt", "gfm/spec.txt"]

    @Test func realDocumentsAreFound() {
        #expect(Self.realDocuments.count == 3 + 40 + 3 + 2)
    }

    /// Every real document with three `mixed` seeds and 8-byte chunks (the
    /// size at which the regression file was reported), extensions on.
    @Test(arguments: [PrefixHarness.Chunking.mixed(seed: 1), .mixed(seed: 2), .mixed(seed: 3), .fixed(8)])
    func realDocuments(chunking: PrefixHarness.Chunking) {
        let harness = PrefixHarness(fullCheckLimit: 32)
        for file in Self.realDocuments {
            let report = harness.verify(name: file, bytes: CorpusFiles.bytes(file), chunking: chunking)
            #expect(report.passed, "\(report.summaryLine)\n\(report.violations.prefix(3).map(\.description))")
            #expect(report.prefixesChecked > 0)
        }
    }

    /// The same with CommonMark only, one seed.
    @Test func realDocumentsWithoutExtensions() {
        let harness = PrefixHarness(options: .commonMark, fullCheckLimit: 32)
        for file in Self.realDocuments {
            let report = harness.verify(name: file, bytes: CorpusFiles.bytes(file), chunking: .mixed(seed: 5))
            #expect(report.passed, "\(report.summaryLine)\n\(report.violations.prefix(3).map(\.description))")
        }
    }

    /// Documentation-shaped documents of about 32 KB with base64 strings of
    /// 4–20 KB (``DocumentationGenerator``), each with three `mixed` seeds.
    @Test(arguments: UInt64(1)...8)
    func documentationShaped(document: UInt64) {
        let bytes = Array(DocumentationGenerator.document(seed: document).utf8)
        #expect(bytes.count >= DocumentationGenerator.Options.large.bytes)
        let harness = PrefixHarness(fullCheckLimit: 32)
        for seed in [document, document + 100, document + 200] {
            let report = harness.verify(name: "generated \(document)", bytes: bytes, chunking: .mixed(seed: seed))
            #expect(report.passed, "\(report.summaryLine)\n\(report.violations.prefix(3).map(\.description))")
        }
    }
}
