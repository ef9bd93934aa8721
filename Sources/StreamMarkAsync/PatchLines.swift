import Foundation
import StreamMark

/// The patches of a ``PatchStream`` as NDJSON: each element is one patch
/// encoded as in `docs/patches.md` (the same bytes as `streammark --format
/// patches`), followed by a newline — ready to write to a socket or an HTTP
/// response as it streams.
public struct PatchLines<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: StreamChunk {
    /// One line: a JSON object and `\n`.
    public typealias Element = String

    let batches: PatchStream<Base>

    /// Starts reading the input.
    public func makeAsyncIterator() -> Iterator {
        Iterator(batches: batches.makeAsyncIterator())
    }

    /// Produces the lines.
    public struct Iterator: AsyncIteratorProtocol {
        private var batches: PatchStream<Base>.Iterator
        private var lines: [String] = []
        private var index = 0
        private let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return encoder
        }()

        init(batches: PatchStream<Base>.Iterator) {
            self.batches = batches
        }

        /// The next line, or `nil` after the last patch.
        ///
        /// - Complexity: O(patch size) per line, plus the batch's append.
        public mutating func next() async throws -> String? {
            while index == lines.count {
                guard let batch = try await batches.next() else { return nil }
                lines = try batch.patches.map { patch in
                    String(decoding: try encoder.encode(patch), as: UTF8.self) + "\n"
                }
                index = 0
            }
            defer { index += 1 }
            return lines[index]
        }
    }
}
