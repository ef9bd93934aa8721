import StreamMark

/// The patches of a ``PatchStream`` as NDJSON, written by the engine's
/// `PatchStreamWriter` (`docs/patches.md`): the same bytes as `streammark
/// --format patches [--protocol 1]`. Each element is one line followed by a
/// newline — in protocol 2 the header `{"v":2}` first, then one line per
/// patch — ready to write to a socket or an HTTP response as it streams.
public struct PatchLines<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: StreamChunk {
    /// One line: a JSON value and `\n`.
    public typealias Element = String

    let batches: PatchStream<Base>
    let version: Int

    /// Starts reading the input.
    public func makeAsyncIterator() -> Iterator {
        Iterator(batches: batches.makeAsyncIterator(), version: version)
    }

    /// Produces the lines.
    public struct Iterator: AsyncIteratorProtocol {
        private var batches: PatchStream<Base>.Iterator
        private var writer: PatchStreamWriter
        private var lines: [String] = []
        private var index = 0

        init(batches: PatchStream<Base>.Iterator, version: Int) {
            self.batches = batches
            self.writer = PatchStreamWriter(version: version)
        }

        /// The next line, or `nil` after the last patch.
        ///
        /// - Complexity: O(line) per line, plus the batch's append.
        public mutating func next() async throws -> String? {
            while index == lines.count {
                if writer.pendingByteCount == 0 {
                    guard let batch = try await batches.next() else { return nil }
                    writer.write(batch.patches)
                }
                let bytes = writer.takeBytes()
                lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) + "\n" }
                index = 0
            }
            defer { index += 1 }
            return lines[index]
        }
    }
}
