import StreamMark

/// The patches of one append of coalesced input: what a client applies at
/// once (`Patch.apply(batch.patches, to: &tree)`).
public struct PatchBatch: Hashable, Sendable {
    /// The patches, in order.
    public var patches: [Patch]
    /// Whether this is the last batch (the document was finished).
    public var isFinal: Bool
    /// How many input chunks this batch coalesced (0 for the final batch).
    public var chunkCount: Int
    /// The number of normalized bytes of text received so far.
    public var byteCount: Int

    /// Creates a batch.
    public init(patches: [Patch], isFinal: Bool, chunkCount: Int, byteCount: Int) {
        self.patches = patches
        self.isFinal = isFinal
        self.chunkCount = chunkCount
        self.byteCount = byteCount
    }
}
