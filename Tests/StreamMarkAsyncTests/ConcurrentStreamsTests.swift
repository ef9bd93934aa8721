import StreamMark
import StreamMarkAsync
import Testing

/// 1,000 streams at once through `PatchStream`, each replayed by a client
/// and compared with the one-shot parse of its text. Also run under the
/// thread sanitizer (see docs/async.md):
/// `swift test --sanitize=thread --filter ConcurrentStreamsTests`.
@Suite("Concurrent streams")
struct ConcurrentStreamsTests {
    /// What one stream's consumer saw.
    struct Outcome: Sendable {
        var index: Int
        var tree: Block
        var batches: Int
        var finalBatches: Int
        var chunks: Int
        var coalesced: Int
    }

    @Test func thousandConcurrentStreamsEqualTheirOneShotParse() async throws {
        let answers = AsyncSupport.answers
        #expect(answers.count == 40)
        let count = 1_000
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<count {
                group.addTask { try await Self.stream(index: index, answer: answers[index % answers.count]) }
            }
            var outcomes: [Outcome] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.count == count)
        let parser = MarkdownParser()
        let expected = answers.map { parser.parse(bytes: $0) }
        for outcome in outcomes {
            #expect(outcome.tree == expected[outcome.index % answers.count], "stream \(outcome.index)")
            #expect(outcome.finalBatches == 1, "stream \(outcome.index)")
            #expect(outcome.coalesced == outcome.chunks, "stream \(outcome.index): every chunk in some batch")
        }
    }

    /// One stream: bytes cut anywhere (even streams) or text cut at
    /// characters (odd streams); every fifth consumer is slow.
    static func stream(index: Int, answer: [UInt8]) async throws -> Outcome {
        var tree = Block(id: .document, kind: .document, range: 0..<0)
        var outcome = Outcome(index: index, tree: tree, batches: 0, finalBatches: 0, chunks: 0, coalesced: 0)
        func consume(_ batch: PatchBatch) async throws {
            try Patch.apply(batch.patches, to: &tree)
            outcome.batches += 1
            outcome.coalesced += batch.chunkCount
            if batch.isFinal { outcome.finalBatches += 1 }
            if index % 5 == 0 { await Task.yield() }
        }
        let seed = UInt64(index) &* 0x9E37
        if index % 2 == 0 {
            let chunks = AsyncSupport.byteChunks(answer, seed: seed, maxSize: 96)
            outcome.chunks = chunks.count
            for try await batch in PatchStream(ChunkSequence(chunks: chunks)) { try await consume(batch) }
        } else {
            let text = String(decoding: answer, as: UTF8.self)
            let chunks = AsyncSupport.textChunks(text, seed: seed, maxSize: 96)
            outcome.chunks = chunks.count
            for try await batch in PatchStream(ChunkSequence(chunks: chunks)) { try await consume(batch) }
        }
        outcome.tree = tree
        return outcome
    }
}
