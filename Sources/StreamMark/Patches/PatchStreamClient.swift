/// The reference client of the patch protocol: reads a patch stream (either
/// version) line by line and keeps the tree, as a browser or app would.
///
/// ```swift
/// var client = PatchStreamClient()
/// for line in ndjson.split(separator: UInt8(ascii: "\n")) { try client.apply(line: line) }
/// render(client.root)
/// ```
///
/// From a version-2 stream the tree has no ranges (all `0..<0`); from a
/// version-1 stream it is the engine's tree exactly.
public struct PatchStreamClient {
    /// The tree built so far (a `document` block with id `doc`).
    public private(set) var root = Block(id: .document, kind: .document, range: 0..<0)
    /// The blocks closed by a `close` (in both versions a closed block's
    /// descendants are final too; see ``isFinal(_:)``).
    public private(set) var closed: Set<BlockID> = []
    /// Lines applied (blank lines included).
    public private(set) var lineCount = 0
    private var decoder = PatchStreamDecoder()

    /// Creates a client with an empty document.
    public init() {}

    /// The stream's protocol version, once its first line was read.
    public var version: Int? { decoder.version }

    /// Decodes and applies one line (without its newline).
    ///
    /// - Complexity: O(line) to decode plus the patch's apply cost
    ///   (``DeltaPatch/apply(to:)``).
    public mutating func apply(line: some Collection<UInt8>) throws(PatchStreamError) {
        lineCount += 1
        let decoded = try decoder.decode(line: line)
        do {
            switch decoded {
            case .patch(let patch)?:
                try patch.apply(to: &root)
                if case .close(let id) = patch { closed.insert(id) }
            case .delta(let delta)?:
                try delta.apply(to: &root)
                if case .close(let id) = delta { closed.insert(id) }
            case .header?, nil:
                break
            }
        } catch {
            throw PatchStreamError(description: error.description)
        }
    }

    /// Applies every line of an NDJSON stream.
    public mutating func apply(stream bytes: some Collection<UInt8>) throws(PatchStreamError) {
        var line: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A {
                try apply(line: line)
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        if !line.isEmpty { try apply(line: line) }
    }

    /// Whether `id` or one of its ancestors was closed.
    public func isFinal(_ id: BlockID) -> Bool {
        guard let path = root.path(to: id)?.dropLast() else { return false }
        return closed.contains(id) || path.contains { closed.contains($0) }
    }
}
