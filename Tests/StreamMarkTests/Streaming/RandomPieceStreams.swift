import StreamMark
import Testing

/// Seeded texts made of pieces, streamed through the prefix-identity
/// harness: what the in-place extension tests share.
struct RandomPieceStreams {
    /// The first violation of each failing text, with the text.
    var failures: [String] = []
    /// Appends answered in place over all texts, streamed again in random
    /// chunks of 1–6 bytes.
    var inPlaceAppends = 0
    /// Appends answered by parsing the open paragraph's tail, counted the same way.
    var paragraphTailAppends = 0
    /// Appends answered by rebuilding the open table's last row, counted the same way.
    var tableRowAppends = 0

    /// Streams 200 texts, each `start` (picked by the seed) followed by 10
    /// to 49 random `pieces`, in random chunks through the harness (every
    /// prefix equals the one-shot parse, ranges included, and the patches
    /// rebuild the tree), then once more to count the in-place,
    /// paragraph-tail and table-row appends.
    init(pieces: [String], starts: [String] = [""], options: ParseOptions) {
        for seed in UInt64(1)...200 {
            var generator = SplitMix64(seed: seed)
            var text = starts[Int(generator.next() % UInt64(starts.count))]
            for _ in 0..<(10 + Int(generator.next() % 40)) {
                text += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            let bytes = Array(text.utf8)
            let report = PrefixHarness(options: options).verify(
                name: "seed \(seed)", bytes: bytes, chunking: .random(seed: seed))
            if let violation = report.violations.first {
                failures.append("\(violation) — text: \(text.debugDescription)")
            }
            var document = StreamingDocument(options: options)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 1 + Int(generator.next() % 6))
                document.append(bytes: bytes[offset..<end])
                offset = end
            }
            inPlaceAppends += document.statistics.inPlaceAppends
            paragraphTailAppends += document.statistics.paragraphTailAppends
            tableRowAppends += document.statistics.tableRowAppends
        }
    }
}

/// Appends `start`, then `appended`, to a new document, and checks how many
/// of the two appends `counter` counted (the in-place appends unless told)
/// and that the tree equals the one-shot parse of the whole text (ranges
/// included): the hand-picked cases of the window extension tests.
func expectTwoAppends(
    _ start: String, _ appended: String, counting expected: Int,
    of counter: KeyPath<StreamingDocument.Statistics, Int> = \.inPlaceAppends,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var document = StreamingDocument()
    document.append(start)
    document.append(appended)
    #expect(document.statistics[keyPath: counter] == expected, sourceLocation: sourceLocation)
    #expect(document.root == MarkdownParser().parse(start + appended), sourceLocation: sourceLocation)
}

/// Streams `text` in 4-byte appends and finishes it; returns the document
/// and the most bytes any append after the first `warmUp` bytes handed to
/// cmark, having checked that the tree equals the one-shot parse: the long
/// texts of the bound tests of the window extensions.
func streamInFourByteAppends(
    _ text: String, warmUp: Int = 1_000, sourceLocation: SourceLocation = #_sourceLocation
) -> (document: StreamingDocument, maxParsed: Int) {
    let bytes = Array(text.utf8)
    var document = StreamingDocument()
    var maxParsed = 0
    for start in stride(from: 0, to: bytes.count, by: 4) {
        document.append(bytes: bytes[start..<min(start + 4, bytes.count)])
        if start > warmUp { maxParsed = max(maxParsed, document.statistics.lastParsedBytes) }
    }
    document.finish()
    #expect(document.root == MarkdownParser().parse(text), sourceLocation: sourceLocation)
    return (document, maxParsed)
}
