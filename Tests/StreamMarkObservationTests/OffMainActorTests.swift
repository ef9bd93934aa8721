import StreamMark
import StreamMarkObservation
import Testing

/// `append(contentsOf:)` parses off the main actor and applies on it.
@Suite("Model fed by an async sequence")
@MainActor
struct OffMainActorTests {
    @Test(arguments: Array(Support.corpusNames.prefix(5)))
    func asyncFeedEqualsOneShot(name: String) async throws {
        let text = String(decoding: Support.corpus(name), as: UTF8.self)
        var generator = SplitMix64(seed: 14)
        var chunks: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let size = Int(generator.next() % 12) + 1
            chunks.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        let model = DocumentModel<Never>()
        try await model.append(contentsOf: stream)
        #expect(model.isFinished)
        #expect(model.tree == MarkdownParser().parse(text))
        #expect(model.document.root == model.tree)
        #expect(model.blocks.map(\.block) == model.tree.children)
    }
}
