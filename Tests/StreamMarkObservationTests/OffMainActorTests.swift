import StreamMark
import StreamMarkAsync
import StreamMarkObservation
import StreamMarkTestSupport
import Testing

/// `append(contentsOf:)` parses off the main actor and applies on it.
@Suite("Model fed by an async sequence")
@MainActor
struct OffMainActorTests {
    @Test(arguments: Array(CorpusAnswers.names.prefix(5)))
    func asyncFeedEqualsOneShot(name: String) async throws {
        let text = String(decoding: CorpusAnswers.bytes(name), as: UTF8.self)
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

/// A document parsed in a background task (`PatchStream`) drives the model
/// through `apply(_:isFinal:)`: the same tree, nodes kept, all closed.
@Suite("Model fed by a patch stream")
@MainActor
struct PatchStreamModelTests {
    @Test func batchesFromABackgroundStreamDriveTheModel() async throws {
        let bytes = CorpusAnswers.bytes(CorpusAnswers.names[21])
        let chunks = CorpusAnswers.chunks(bytes, size: 16).map { Array($0) }
        let (input, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        let model = DocumentModel<Never>()
        var firstNodes: [BlockID: BlockNode<Never>] = [:]
        var batches = 0
        for try await batch in PatchStream(input) {
            try model.apply(batch.patches, isFinal: batch.isFinal)
            batches += 1
            for node in model.blocks where firstNodes[node.id] == nil { firstNodes[node.id] = node }
        }
        #expect(batches > 1)
        #expect(model.isFinished)
        #expect(model.tree == MarkdownParser().parse(bytes: bytes))
        #expect(model.blocks.map(\.block) == model.tree.children)
        model.root.forEach { #expect($0.isClosed) }
        for node in model.blocks { #expect(firstNodes[node.id] === node) }
    }

    /// What `List(model.blocks)` and `ForEach(node.children)` need: nodes
    /// are Identifiable by our BlockID.
    @Test func nodesAreIdentifiableByBlockID() {
        func identity<T: Identifiable>(of value: T) -> T.ID { value.id }
        let model = DocumentModel<Never>()
        model.append("# A\n")
        let id: BlockID = identity(of: model.blocks[0])
        #expect(id == "e0")
    }
}
