import StreamMark
import Testing

/// The prefix-identity harness, every-byte chunking, over the CommonMark spec:
/// at every byte of every example the streamed tree equals cmark's one-shot
/// parse of the same prefix.
@Suite struct PrefixHarnessSpecTests {
    static let spec = CorpusFiles.specExamples("commonmark/spec.txt")
    static let regression = CorpusFiles.specExamples("commonmark/regression.txt")

    @Test func specFileHasAllExamples() {
        #expect(Self.spec.count == 652)
        #expect(Self.regression.count == 16)
    }

    @Test(arguments: [ParseOptions.commonMark, ParseOptions()])
    func everyByteOverSpecExamples(options: ParseOptions) {
        let harness = PrefixHarness(options: options)
        var prefixes = 0
        var failures: [String] = []
        for example in Self.spec + Self.regression {
            let report = harness.verify(
                name: "example \(example.number) (line \(example.line))", bytes: Array(example.markdown.utf8),
                chunking: .everyByte)
            prefixes += report.prefixesChecked
            if let violation = report.violations.first { failures.append(violation.description) }
        }
        #expect(failures.isEmpty, "\(failures.count) examples failed; first: \(failures.prefix(5))")
        #expect(prefixes > 15_000)
    }
}
