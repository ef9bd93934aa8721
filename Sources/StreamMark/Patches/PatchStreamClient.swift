public import StreamMarkHighlight

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
    public var root: Block { tree.root }
    /// The tree, with where each block is, so a patch naming a frozen
    /// block finds it in O(depth) (``LocatedTree``).
    private var tree = LocatedTree()
    /// The blocks closed by a `close` (in both versions a closed block's
    /// descendants are final too; see ``isFinal(_:)``).
    public private(set) var closed: Set<BlockID> = []
    /// Lines applied (blank lines included).
    public private(set) var lineCount = 0
    /// The highlighting a stream written with highlighting carried: per
    /// code block, the tokens of its completed lines (``DeltaPatch/highlight(id:firstLine:lines:)``).
    public private(set) var highlightedLines: [BlockID: [[HighlightToken]]] = [:]
    private var decoder = PatchStreamDecoder()

    /// Creates a client with an empty document.
    public init() {}

    /// The stream's protocol version, once its first line was read.
    public var version: Int? { decoder.version }

    /// Decodes and applies one line (without its newline).
    ///
    /// - Complexity: O(line) to decode plus the patch's apply cost: O(depth)
    ///   to find its block, plus the size of the patch.
    public mutating func apply(line: some Collection<UInt8>) throws(PatchStreamError) {
        lineCount += 1
        let decoded = try decoder.decode(line: line)
        do {
            switch decoded {
            case .patch(let patch)?:
                try patch.apply(to: &tree)
                if case .close(let id) = patch { closed.insert(id) }
            case .delta(let delta)?:
                try delta.apply(to: &tree)
                switch delta {
                case .close(let id): closed.insert(id)
                case .highlight(let id, let first, let lines): try keep(lines, from: first, of: id)
                default: break
                }
            case .header?, nil:
                break
            }
        } catch {
            throw PatchStreamError(description: error.description)
        }
    }

    private mutating func keep(_ lines: [[HighlightToken]], from first: Int, of id: BlockID) throws(PatchError) {
        var kept = highlightedLines[id] ?? []
        guard first <= kept.count else {
            throw PatchError(description: "highlight \(id): line \(first) after \(kept.count) highlighted lines")
        }
        kept.replaceSubrange(first..., with: lines)
        highlightedLines[id] = kept
    }

    /// The first code block whose highlighting, as the stream carried it,
    /// differs from its literal's highlighted whole
    /// (``CodeHighlights/lines(of:)``), with the first line that differs;
    /// `nil` if every code block's carried lines are right (a closed
    /// block's: all of them).
    ///
    /// - Complexity: O(code in the tree).
    public func highlightMismatch() -> (id: BlockID, line: Int)? {
        var mismatch: (BlockID, Int)?
        root.forEach { block in
            guard mismatch == nil, case .codeBlock(let code) = block.kind else { return }
            let expected = CodeHighlights.lines(of: code).map(\.tokens)
            let carried = highlightedLines[block.id] ?? []
            let count = isFinal(block.id) ? expected.count : carried.count
            guard carried.count == count, count <= expected.count else {
                mismatch = (block.id, min(carried.count, count))
                return
            }
            if let line = (0..<count).first(where: { carried[$0] != expected[$0] }) { mismatch = (block.id, line) }
        }
        return mismatch
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
    ///
    /// - Complexity: O(blocks searched) for the block's ancestors.
    public func isFinal(_ id: BlockID) -> Bool {
        guard let path = root.path(to: id)?.dropLast() else { return false }
        return closed.contains(id) || path.contains { closed.contains($0) }
    }
}
