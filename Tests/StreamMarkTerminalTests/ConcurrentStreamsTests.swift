import StreamMark
import StreamMarkTerminal
import StreamMarkTestSupport
import Testing

/// 200 streams at once from a task group, as a chat server renders many
/// answers: one `StreamingDocument` and one `RenderCache` per task (the cache
/// is a class without locks, owned by its stream), while the parse options,
/// the renderer and the one-shot parser are shared `Sendable` values. Run
/// under `swift test --sanitize=thread` (see docs/concurrency.md) it must
/// report no data race; in any build every stream must end with the one-shot
/// tree and output.
@Suite struct ConcurrentStreamsTests {
    struct Outcome: Sendable {
        var stream: Int
        var treeMatches: Bool
        var outputMatches: Bool
        var closedBlocksNotRerendered: Bool
    }

    static let streams = 200
    static let chunkSizes = [16, 32, 64, 256, 1024]

    @Test func twoHundredStreamsInATaskGroup() async {
        let options = ParseOptions()
        let parser = MarkdownParser(options: options)
        let renderer = TerminalRenderer(options: TerminalOptions(width: 60, color: true, hyperlinks: true))
        let documents = CorpusAnswers.names.map(CorpusAnswers.bytes)
        #expect(documents.count == 40)
        let expected = documents.map { renderer.render(document: parser.parse(bytes: $0)) }

        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for stream in 0..<Self.streams {
                group.addTask {
                    let bytes = documents[stream % documents.count]
                    let size = Self.chunkSizes[stream / documents.count % Self.chunkSizes.count]
                    return Self.run(
                        stream, bytes: bytes, chunkSize: size, parser: parser, renderer: renderer,
                        expected: expected[stream % documents.count])
                }
            }
            var outcomes: [Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }

        #expect(outcomes.count == Self.streams)
        #expect(Set(outcomes.map(\.stream)) == Set(0..<Self.streams))
        for outcome in outcomes {
            #expect(outcome.treeMatches, "stream \(outcome.stream): tree differs from the one-shot parse")
            #expect(outcome.outputMatches, "stream \(outcome.stream): output differs from the one-shot render")
            #expect(outcome.closedBlocksNotRerendered, "stream \(outcome.stream): a closed block rendered again")
        }
    }

    /// Streams one document through its own document and cache.
    static func run(
        _ stream: Int, bytes: [UInt8], chunkSize: Int, parser: MarkdownParser, renderer: TerminalRenderer,
        expected: String
    ) -> Outcome {
        var document = StreamingDocument(options: parser.options)
        let cache = renderer.makeCache()
        var countsAtClose: [BlockID: Int] = [:]
        do {
            for chunk in CorpusAnswers.chunks(bytes, size: chunkSize) {
                let patches = document.append(bytes: chunk)
                try cache.apply(patches)
                _ = cache.output(for: cache.root, context: renderer.rootContext)
                for case .close(let id) in patches where document.root.children.contains(where: { $0.id == id }) {
                    countsAtClose[id] = cache.renderCount(of: id)
                }
            }
            try cache.apply(document.finish())
        } catch {
            return Outcome(stream: stream, treeMatches: false, outputMatches: false, closedBlocksNotRerendered: false)
        }
        let lines = cache.output(for: cache.root, context: renderer.rootContext)
        let output = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        // A top-level block closed while streaming never renders again.
        let once = countsAtClose.allSatisfy { cache.renderCount(of: $0.key) == $0.value }
        return Outcome(
            stream: stream, treeMatches: document.root == parser.parse(bytes: bytes), outputMatches: output == expected,
            closedBlocksNotRerendered: once)
    }
}
