import StreamMark

/// An adapter from any asynchronous sequence of text or byte chunks (a
/// model's deltas, `URLSession` bytes, a socket) to the sequence of patch
/// batches a client applies.
///
/// ```swift
/// for try await batch in PatchStream(deltas) {
///     try socket.send(batch.patches)       // or model.apply(batch.patches, isFinal: batch.isFinal)
/// }
/// ```
///
/// - **Coalescing**: a task reads the input into one byte buffer; each
///   `next()` appends everything that arrived since the previous one as one
///   chunk. A consumer slower than the input gets fewer, larger batches —
///   never a growing queue of batches.
/// - **Back-pressure**: when `maxPendingBytes` bytes wait, the reader stops
///   reading the input until the consumer takes them.
/// - **End**: when the input ends, the document is finished and a last
///   batch with `isFinal == true` closes every block. An input error is
///   rethrown after the text that arrived before it was delivered.
/// - **Cancellation**: cancelling the consuming task (or dropping the
///   iterator) stops the reader; `next()` throws `CancellationError`.
///
/// The parsing runs in the consumer's `next()` (on the global executor, not
/// on the caller's actor); each iterator owns its own ``StreamingDocument``.
public struct PatchStream<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: StreamChunk {
    /// A batch per coalesced append, then the final one.
    public typealias Element = PatchBatch

    let base: Base
    let options: ParseOptions
    let maxPendingBytes: Int

    /// Creates the adapter.
    ///
    /// - Parameters:
    ///   - base: the chunks.
    ///   - options: how the text is parsed.
    ///   - maxPendingBytes: the most input bytes read ahead of the consumer.
    public init(_ base: Base, options: ParseOptions = ParseOptions(), maxPendingBytes: Int = 1 << 20) {
        self.base = base
        self.options = options
        self.maxPendingBytes = maxPendingBytes
    }

    /// Starts reading the input.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base, options: options, limit: maxPendingBytes)
    }

    /// The encoded NDJSON lines of the patches (see ``PatchLines``), in
    /// patch protocol 2 (the default) or 1.
    public func ndjsonLines(protocolVersion: Int = 2) -> PatchLines<Base> {
        PatchLines(batches: self, version: protocolVersion)
    }

    /// Produces the batches.
    public struct Iterator: AsyncIteratorProtocol {
        private var document: StreamingDocument
        private let reader: Reader
        private var done = false

        init(base: Base, options: ParseOptions, limit: Int) {
            document = StreamingDocument(options: options)
            reader = Reader(base: base, limit: limit)
        }

        /// The next batch, or `nil` after the final one.
        ///
        /// - Complexity: one engine append of everything pending:
        ///   O(pending + innermost open block).
        public mutating func next() async throws -> PatchBatch? {
            while !done {
                if Task.isCancelled { return try stop(CancellationError()) }
                let buffer = reader.buffer
                let taken = await withTaskCancellationHandler {
                    await buffer.take()
                } onCancel: {
                    Task { await buffer.cancel() }
                }
                switch taken {
                case .bytes(let bytes, let chunks):
                    let patches = document.append(bytes: bytes)
                    if patches.isEmpty { continue }
                    return PatchBatch(
                        patches: patches, isFinal: false, chunkCount: chunks, byteCount: document.byteCount)
                case .end:
                    done = true
                    let patches = document.finish()
                    return PatchBatch(patches: patches, isFinal: true, chunkCount: 0, byteCount: document.byteCount)
                case .failure(let error):
                    return try stop(error)
                case .cancelled:
                    return try stop(CancellationError())
                }
            }
            return nil
        }

        private mutating func stop(_ error: any Error) throws -> PatchBatch? {
            done = true
            reader.cancel()
            throw error
        }
    }

    /// The task reading the input; cancelled when the iterator goes away.
    final class Reader: Sendable {
        let buffer: ChunkBuffer
        private let task: Task<Void, Never>

        init(base: Base, limit: Int) {
            let buffer = ChunkBuffer(limit: limit)
            self.buffer = buffer
            task = Task {
                do {
                    for try await chunk in base {
                        guard await buffer.add(chunk) else { return }
                    }
                    await buffer.end(nil)
                } catch {
                    await buffer.end(error)
                }
            }
        }

        func cancel() {
            task.cancel()
            let buffer = buffer
            Task { await buffer.cancel() }
        }

        deinit { cancel() }
    }
}

extension AsyncSequence where Self: Sendable, Element: StreamChunk {
    /// The patch batches of this sequence of chunks (see ``PatchStream``).
    public func patchBatches(options: ParseOptions = ParseOptions()) -> PatchStream<Self> {
        PatchStream(self, options: options)
    }
}
