/// What the user did to one block — state a view keeps per block id, owned
/// by the model so it survives streaming: updates, re-renders, scrolling a
/// cell out of view and back, and even the block being removed and
/// re-inserted under the same id.
///
/// ```swift
/// Button(node.state.isExpanded ? "Less" : "More") { node.state.isExpanded.toggle() }
/// ```
public struct BlockState: Hashable, Sendable, Codable {
    /// Whether the block is shown expanded (a long code block, a table).
    public var isExpanded: Bool
    /// Whether the block's content was copied (a "Copied" badge).
    public var isCopied: Bool
    /// Any other per-block values an app wants to keep.
    public var values: [String: String]

    /// Creates a state; the default is the state of a block nobody touched.
    public init(isExpanded: Bool = false, isCopied: Bool = false, values: [String: String] = [:]) {
        self.isExpanded = isExpanded
        self.isCopied = isCopied
        self.values = values
    }

    /// Whether this is the state of a block nobody touched.
    public var isDefault: Bool { self == BlockState() }
}
