import Observation
import StreamMark
public import StreamMarkHighlight

/// One block of a ``DocumentModel``: a reference with a stable identity, so a
/// view keyed by ``id`` keeps its state, and observable property by property,
/// so only the views that read a changed property evaluate `body` again.
///
/// A node lives from the patch that inserts its block to the patch that
/// removes it: the same object (`===`) for the whole stream. The model sets
/// a property only when its value really changed:
///
/// - ``value`` (kind and range) when an `update` patch brings a different value;
/// - ``children`` when a child is inserted, removed or moved (never on a
///   child's own update: the child's view observes the child);
/// - ``isClosed`` once, when the block closes;
/// - ``highlightedLines`` of a code block when lines complete (a completed
///   line's value never changes; lines are only added);
/// - ``output`` when the model's renderer produced a different output.
///
/// A block view reads what it shows (``value`` or ``output``, and a container
/// ``children``) and nothing else, so it is re-evaluated exactly when that
/// changed. Nodes are main-actor objects; the model mutates them there.
@MainActor
@Observable
public final class BlockNode<Output: Equatable>: Identifiable {
    /// The block's identity (`e812`): stable for the node's whole life.
    public nonisolated let id: BlockID
    /// The block's kind and source range.
    public internal(set) var value: BlockValue
    /// The child nodes, in document order (empty for leaves).
    public internal(set) var children: [BlockNode<Output>]
    /// Whether the block is final (a `close` patch arrived).
    public internal(set) var isClosed: Bool
    /// A code block's syntax-highlighted lines, each final once it is
    /// here: the literal's complete lines (the open last line is not,
    /// until another line follows or the block closes), with their tokens
    /// (``HighlightedLine/tokens``: UTF-8 byte ranges within the line and
    /// highlight.js kinds). Empty for other blocks and unknown languages'
    /// lines have no tokens. Kept by ``CodeHighlights``: each line is lexed
    /// once, as it completes.
    public internal(set) var highlightedLines: [HighlightedLine] = []
    /// The block's rendered output, cached by the model's ``RenderCache``
    /// (`nil` until rendered, and always `nil` without a renderer).
    public internal(set) var output: Output?
    /// Per-block user state (expanded, copied, …), kept by id across the
    /// whole stream. Setting it notifies only the views that read it.
    public var state: BlockState
    /// The parent node (`nil` for the document and for removed nodes).
    @ObservationIgnored public internal(set) weak var parent: BlockNode<Output>?

    /// Creates a node for `block` (without its children; the model adds them).
    init(block: Block, state: BlockState) {
        self.id = block.id
        self.value = block.value
        self.children = []
        self.isClosed = false
        self.output = nil
        self.state = state
    }

    /// What the block is (the kind part of ``value``).
    public var kind: BlockKind { value.kind }

    /// The ids of the children, in order: what a container view's `ForEach`
    /// iterates.
    ///
    /// - Complexity: O(children).
    public var childIDs: [BlockID] { children.map(\.id) }

    /// The node and its descendants as a plain ``Block`` value.
    ///
    /// - Complexity: O(subtree).
    public var block: Block {
        Block(id: id, kind: value.kind, range: value.range, children: children.map(\.block))
    }

    /// Calls `body` for this node and every descendant, depth first, in
    /// document order.
    public func forEach(_ body: (BlockNode<Output>) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEach(body) }
    }
}
