import Foundation
import StreamMark
import StreamMarkAsync
import Testing

/// Coalescing, back-pressure, end, errors, cancellation and NDJSON lines.
@Suite("Patch stream")
struct PatchStreamTests {
    static let answer = AsyncSupport.answers[7]

    /// A consumer slower than its input gets fewer, larger batches; every
    /// chunk lands in exactly one batch and the result is exact.
    @Test func slowConsumerGetsCoalescedBatches() async throws {
        let chunks = AsyncSupport.byteChunks(Self.answer, seed: 3, maxSize: 8)
        #expect(chunks.count > 500)
        var tree = Block(id: .document, kind: .document, range: 0..<0)
        var batches = 0
        var coalesced = 0
        for try await batch in PatchStream(ChunkSequence(chunks: chunks, yieldEvery: 1_000_000)) {
            try Patch.apply(batch.patches, to: &tree)
            batches += 1
            coalesced += batch.chunkCount
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(coalesced == chunks.count)
        #expect(batches * 4 < chunks.count, "\(batches) batches for \(chunks.count) chunks")
        #expect(tree == MarkdownParser().parse(bytes: Self.answer))
    }

    /// With a paused consumer, the reader stops at the byte limit: the input
    /// is not read ahead without bound.
    @Test func readerWaitsAtTheLimit() async throws {
        let counter = PullCounter()
        let chunks = Array(repeating: "0123456789", count: 1_000)
        let stream = PatchStream(ChunkSequence(chunks: chunks, yieldEvery: 1, counter: counter), maxPendingBytes: 100)
        var iterator = stream.makeAsyncIterator()
        _ = try await iterator.next()
        try await Task.sleep(for: .milliseconds(100))
        let pulled = await counter.count
        // At most the chunks of the first batch, 10 buffered, 1 held by the reader.
        #expect(pulled <= 10 + 10 + 1 + 10, "pulled \(pulled) of 1,000 chunks while paused")
        var last: PatchBatch?
        while let batch = try await iterator.next() { last = batch }
        #expect(last?.isFinal == true)
        #expect(await counter.count == 1_000)
    }

    /// The end of the input finishes the document: one final batch, then nil.
    @Test func endOfInputFinishes() async throws {
        var iterator = PatchStream(ChunkSequence(chunks: ["# Title\n", "\nText"])).makeAsyncIterator()
        var batches: [PatchBatch] = []
        while let batch = try await iterator.next() { batches.append(batch) }
        #expect(batches.last?.isFinal == true)
        #expect(batches.dropLast().allSatisfy { !$0.isFinal })
        #expect(batches.last?.patches.contains(.close(id: "e9")) == true)
        #expect(try await iterator.next() == nil)
    }

    /// An input error is thrown after the text before it was delivered.
    @Test func inputErrorIsRethrownAfterTheText() async throws {
        var tree = Block(id: .document, kind: .document, range: 0..<0)
        let input = ChunkSequence(chunks: ["Hello ", "world"], failsAtEnd: true)
        await #expect(throws: ChunkSequence<String>.InputFailure.self) {
            for try await batch in PatchStream(input) { try Patch.apply(batch.patches, to: &tree) }
        }
        #expect(tree == MarkdownParser().parse("Hello world"))
    }

    /// Cancelling the consumer ends the iteration with CancellationError and
    /// stops reading an endless input.
    @Test func cancellationStopsTheReader() async throws {
        let counter = PullCounter()
        let consumer = Task {
            var batches = 0
            for try await _ in PatchStream(EndlessChunks(counter: counter)) { batches += 1 }
            return batches
        }
        try await Task.sleep(for: .milliseconds(50))
        consumer.cancel()
        let result = await consumer.result
        #expect(throws: CancellationError.self) { try result.get() }
        try await Task.sleep(for: .milliseconds(50))
        let stopped = await counter.count
        try await Task.sleep(for: .milliseconds(100))
        #expect(await counter.count <= stopped + 1, "the reader kept pulling after cancellation")
    }

    /// Leaving the loop early (dropping the iterator) also stops the reader.
    @Test func droppingTheIteratorStopsTheReader() async throws {
        let counter = PullCounter()
        for try await batch in PatchStream(EndlessChunks(counter: counter)) where batch.byteCount > 100 { break }
        try await Task.sleep(for: .milliseconds(50))
        let stopped = await counter.count
        try await Task.sleep(for: .milliseconds(100))
        #expect(await counter.count <= stopped + 1)
    }

    /// The NDJSON lines, in both protocol versions, decode to patches that
    /// rebuild the one-shot tree.
    @Test(arguments: [1, 2])
    func ndjsonLinesRebuildTheTree(version: Int) async throws {
        let chunks = AsyncSupport.byteChunks(Self.answer, seed: 9, maxSize: 32)
        var client = PatchStreamClient()
        var lines = 0
        for try await line in PatchStream(ChunkSequence(chunks: chunks)).ndjsonLines(protocolVersion: version) {
            #expect(line.hasSuffix("\n"))
            #expect(line.dropLast().contains("\n") == false)
            try client.apply(line: Array(line.utf8))
            lines += 1
        }
        #expect(lines > 10)
        #expect(client.version == version)
        // Protocol 2 carries no ranges (docs/patches.md).
        let expected = MarkdownParser().parse(bytes: Self.answer)
        #expect(client.root == (version == 2 ? expected.removingRanges() : expected))
    }

    /// Byte-by-byte input (like `URLSession`'s `AsyncBytes`) is coalesced.
    @Test func singleBytesAreCoalesced() async throws {
        let bytes = Array(Self.answer.prefix(2_000))
        var tree = Block(id: .document, kind: .document, range: 0..<0)
        for try await batch in ChunkSequence(chunks: bytes).patchBatches() {
            try Patch.apply(batch.patches, to: &tree)
        }
        #expect(tree == MarkdownParser().parse(bytes: bytes))
    }
}
