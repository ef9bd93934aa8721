import Foundation
import StreamMark
import StreamMarkAsync

/// Corpus access and test input sequences for the async adapter tests.
enum AsyncSupport {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Corpus/llm answers, sorted by name.
    static let answers: [[UInt8]] = {
        let directory = root.appendingPathComponent("Corpus/llm")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        return names.map { (try? [UInt8](Data(contentsOf: directory.appendingPathComponent($0)))) ?? [] }
    }()

    /// `bytes` cut at random byte positions (also inside UTF-8 characters).
    static func byteChunks(_ bytes: [UInt8], seed: UInt64, maxSize: Int) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        var chunks: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int(generator.next() % UInt64(maxSize)) + 1)
            chunks.append(Array(bytes[start..<end]))
            start = end
        }
        return chunks
    }

    /// `text` cut at random character boundaries.
    static func textChunks(_ text: String, seed: UInt64, maxSize: Int) -> [String] {
        var generator = SplitMix64(seed: seed)
        var chunks: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let size = Int(generator.next() % UInt64(maxSize)) + 1
            chunks.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return chunks
    }
}

/// Chunks delivered one by one, yielding to other tasks every few chunks,
/// optionally failing at the end, counting what was pulled.
struct ChunkSequence<Chunk: StreamChunk>: AsyncSequence, Sendable {
    struct InputFailure: Error, Equatable {}

    let chunks: [Chunk]
    var yieldEvery = 3
    var failsAtEnd = false
    var counter: PullCounter?

    func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }

    struct Iterator: AsyncIteratorProtocol {
        let sequence: ChunkSequence
        var index = 0

        mutating func next() async throws -> Chunk? {
            guard index < sequence.chunks.count else {
                if sequence.failsAtEnd { throw InputFailure() }
                return nil
            }
            if index % sequence.yieldEvery == 0 { await Task.yield() }
            defer { index += 1 }
            await sequence.counter?.increment()
            return sequence.chunks[index]
        }
    }
}

/// An endless sequence of chunks, counting how many were pulled.
struct EndlessChunks: AsyncSequence, Sendable {
    let counter: PullCounter

    func makeAsyncIterator() -> Iterator { Iterator(counter: counter) }

    struct Iterator: AsyncIteratorProtocol {
        let counter: PullCounter

        mutating func next() async -> String? {
            await counter.increment()
            await Task.yield()
            return "word "
        }
    }
}

/// Counts chunks pulled from an input.
actor PullCounter {
    private(set) var count = 0

    func increment() { count += 1 }
}
