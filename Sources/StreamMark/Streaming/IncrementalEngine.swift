/// The incremental parser behind ``StreamingDocument``.
struct IncrementalEngine: Sendable {
    let options: ParseOptions
    /// Identities of closed blocks.
    var closed: Set<BlockID> = []

    init(options: ParseOptions) { self.options = options }

    /// Re-parses what can still change, updates `root` and appends the
    /// patches. Returns the number of bytes handed to cmark.
    mutating func update(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, final: Bool, patches: inout [Patch]
    ) -> Int {
        // Temporary: full re-parse (replaced by the windowed engine).
        let parser = MarkdownParser(options: options)
        let new = parser.parseNormalized(Array(text))
        TreeDiff.appendPatches(from: root, to: new, into: &patches)
        root = new
        if final {
            for block in root.children { block.forEach { if closed.insert($0.id).inserted { patches.append(.close(id: $0.id)) } } }
        }
        return text.count
    }
}
