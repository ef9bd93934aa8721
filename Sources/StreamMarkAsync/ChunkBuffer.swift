/// The hand-over between the task reading the input and the consumer: one
/// growing byte buffer, never a queue of chunks or batches. When the
/// consumer is slower than the input, the chunks that arrived meanwhile are
/// coalesced into its next append; when the buffer reaches its limit, the
/// reader waits (back-pressure on the input).
actor ChunkBuffer {
    /// What the consumer takes.
    enum Taken {
        case bytes([UInt8], chunks: Int)
        case end
        case failure(any Error)
        case cancelled
    }

    private let limit: Int
    private var pending: [UInt8] = []
    private var pendingChunks = 0
    private var ended = false
    private var failure: (any Error)?
    private var cancelled = false
    private var consumer: CheckedContinuation<Void, Never>?
    private var producer: CheckedContinuation<Void, Never>?

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Adds a chunk; waits while the buffer is full. Returns false once the
    /// consumer has gone (cancelled), so the reader stops.
    ///
    /// - Complexity: O(chunk) amortized.
    func add(_ chunk: some StreamChunk) async -> Bool {
        while pending.count >= limit && !cancelled {
            await withCheckedContinuation { producer = $0 }
        }
        guard !cancelled else { return false }
        chunk.appendUTF8(to: &pending)
        pendingChunks += 1
        wakeConsumer()
        return true
    }

    /// The input ended, normally or with an error.
    func end(_ error: (any Error)?) {
        ended = true
        failure = error
        wakeConsumer()
    }

    /// The consumer has gone: wake everyone, drop what is pending.
    func cancel() {
        cancelled = true
        pending = []
        wakeConsumer()
        wakeProducer()
    }

    /// Takes everything pending, waiting until there is something (or the
    /// end). Text that arrived before an error or the end is taken first.
    func take() async -> Taken {
        while true {
            if cancelled { return .cancelled }
            if !pending.isEmpty {
                defer {
                    pending = []
                    pendingChunks = 0
                    wakeProducer()
                }
                return .bytes(pending, chunks: pendingChunks)
            }
            if let failure { return .failure(failure) }
            if ended { return .end }
            await withCheckedContinuation { consumer = $0 }
        }
    }

    private func wakeConsumer() {
        consumer?.resume()
        consumer = nil
    }

    private func wakeProducer() {
        producer?.resume()
        producer = nil
    }
}
