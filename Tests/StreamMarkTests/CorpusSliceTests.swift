import StreamMark
import Testing

/// Long documents made of random slices of the Corpus documents and model
/// answers, glued in seeded random order so that blocks meet neighbours
/// they never meet in the Corpus files (a table followed by another file's
/// link definitions, a list running into a code block), streamed in random
/// chunk sizes. The final tree, and the tree the patches build, must equal
/// the one-shot parse. The every-prefix harness is too slow at this size;
/// this test checks the end state of long, real text instead.
@Suite struct CorpusSliceTests {
    static let sources: [[UInt8]] =
        (CorpusFiles.markdownFiles(under: "documents")
        + CorpusFiles.markdownFiles(under: "llm")).map(CorpusFiles.bytes)

    /// Six slices of up to 400 lines each, with one blank line, none or
    /// two between them.
    static func document(seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var text: [UInt8] = []
        for _ in 0..<6 {
            let lines = sources[Int(generator.next() % UInt64(sources.count))]
                .split(separator: 0x0A, omittingEmptySubsequences: false)
            let first = Int(generator.next() % UInt64(lines.count))
            let last = min(lines.count, first + 1 + Int(generator.next() % 400))
            for line in lines[first..<last] { text += line + [0x0A] }
            text += Array(repeating: 0x0A, count: Int(generator.next() % 3))
        }
        return text
    }

    @Test(arguments: [ParseOptions(), ParseOptions.commonMark])
    func slicesStreamedEqualOneShot(options: ParseOptions) throws {
        var failures: [String] = []
        var bytesStreamed = 0
        for seed in UInt64(1)...60 {
            let bytes = Self.document(seed: seed)
            let sizes = [1, 3, 7, 16, 64, 200]
            let size = sizes[Int(seed % UInt64(sizes.count))]
            var document = StreamingDocument(options: options)
            var replayed = Block(id: .document, kind: .document, range: 0..<0)
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + size, bytes.count)
                for patch in document.append(bytes: bytes[offset..<end]) { try patch.apply(to: &replayed) }
                offset = end
            }
            for patch in document.finish() { try patch.apply(to: &replayed) }
            bytesStreamed += bytes.count
            let expected = MarkdownParser(options: options).parse(bytes: bytes)
            if document.root != expected || replayed != expected {
                failures.append("seed \(seed), \(size)-byte chunks, \(bytes.count) bytes")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(bytesStreamed > 800_000)
    }
}
