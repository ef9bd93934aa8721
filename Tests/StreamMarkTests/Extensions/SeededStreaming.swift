import StreamMark
import StreamMarkTestSupport
import Testing

/// Seeded documents streamed through the prefix harness at every byte.
enum SeededStreaming {
    /// Expects every document `document` makes of `seeds` to stream like
    /// its one-shot parse with `options`; the failure names how many did
    /// not, and the first.
    static func expectStreamLikeOneShot(
        seeds: Range<UInt64>, options: ParseOptions, _ document: (UInt64) -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let failures = PrefixHarness(options: options).failingDocuments(seeds: seeds, document)
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(seeds.count) fail; first: \(failures.first?.debugDescription ?? "")",
            sourceLocation: sourceLocation)
    }
}
