import Observation
import StreamMark

/// An observable streaming document for a UI: owns a ``StreamingDocument``
/// and exposes its tree as ``BlockNode`` objects, one per block id.
///
/// ```swift
/// @State private var model = DocumentModel<AttributedString>(render: Render.block)
/// …
/// for await chunk in answer { model.append(chunk) }
/// model.finish()
/// ```
///
/// Appending a chunk applies the engine's patches to the nodes: a node's
/// ``BlockNode/value`` is set only if it changed, nodes are inserted, removed
/// and moved in their parent's ``BlockNode/children``, and every other
/// node — and every view that observes only other nodes — stays silent.
/// ``blocks`` (the top-level nodes) changes only when a top-level block is
/// inserted, removed or moved. Nodes are never replaced while their block
/// exists, so SwiftUI keeps each view's identity and state.
///
/// Rendering happens here, not in views: with a `render` function the model
/// keeps a ``RenderCache`` and, after each append, renders only the blocks
/// the patches touched and sets ``BlockNode/output`` where it changed.
///
/// The model is a main-actor object (views read it there). The parsing can
/// run elsewhere: ``append(contentsOf:)`` parses each chunk off the main
/// actor and applies the patches on it; ``apply(_:)`` applies patches made by
/// a document that lives in another task (see `StreamMarkAsync`).
@MainActor
@Observable
public final class DocumentModel<Output: Equatable> {
    /// The document node (id `doc`); its children are the top-level blocks.
    public let root: BlockNode<Output>
    /// Whether ``finish()`` has been called (or a final batch applied).
    public internal(set) var isFinished = false

    /// The streaming document this model owns (parsed by ``append(_:)``).
    @ObservationIgnored public internal(set) var document: StreamingDocument
    /// The tree as the applied patches describe it.
    public var tree: Block { located.root }
    /// The tree, with where each block is, so a patch naming a frozen block
    /// (a late definition's update) finds it in O(depth).
    @ObservationIgnored var located = LocatedTree()
    @ObservationIgnored var nodes: [BlockID: BlockNode<Output>] = [:]
    /// The code blocks' highlighting, fed with every batch of patches.
    @ObservationIgnored var highlights = CodeHighlights()
    @ObservationIgnored var savedStates: [BlockID: BlockState] = [:]
    @ObservationIgnored let cache: RenderCache<Int, Output>?
    /// Which blocks the render function renders.
    @ObservationIgnored public let scope: RenderScope
    @ObservationIgnored let renderLog: RenderLog<Output>
    @ObservationIgnored var isParsingElsewhere = false

    /// Creates an empty model.
    ///
    /// - Parameters:
    ///   - options: how the text is parsed.
    ///   - scope: which blocks are rendered: each top-level block as a whole
    ///     (the default), or each content block on its own, for views that
    ///     compose containers from their children (``RenderScope``).
    ///   - render: renders one block (see ``RenderCache/Render``); the model
    ///     caches its output per block and sets ``BlockNode/output``.
    ///     Without it, nodes carry values only.
    public init(
        options: ParseOptions = ParseOptions(), scope: RenderScope = .topLevelBlocks,
        render: RenderCache<Int, Output>.Render? = nil
    ) {
        self.scope = scope
        let empty = Block(id: .document, kind: .document, range: 0..<0)
        let log = RenderLog<Output>()
        self.document = StreamingDocument(options: options)
        self.root = BlockNode(block: empty, state: BlockState())
        self.renderLog = log
        if let render {
            self.cache = RenderCache { block, context, child in
                let output = render(block, context, child)
                log.record(block.id, output)
                return output
            }
        } else {
            self.cache = nil
        }
        nodes[.document] = root
    }

    /// The top-level nodes, in document order: what a `List`/`ForEach` shows.
    /// Reading it observes insertions, removals and moves of top-level blocks
    /// only.
    public var blocks: [BlockNode<Output>] { root.children }

    /// The node of a block, if the block is in the tree.
    ///
    /// - Complexity: O(1).
    public func node(for id: BlockID) -> BlockNode<Output>? { nodes[id] }

    /// The calls of the render function so far (0 without a renderer).
    public var renderCount: Int { cache?.renderCount ?? 0 }

    /// The calls of the render function for one block so far.
    public func renderCount(of id: BlockID) -> Int { cache?.renderCount(of: id) ?? 0 }

    /// The number of nodes, the document included.
    public var nodeCount: Int { nodes.count }

    /// Appends a chunk of text, on the main actor, and applies its patches.
    ///
    /// - Returns: the patches applied.
    /// - Complexity: the engine's O(chunk + innermost open block), plus
    ///   O(depth) per patch to find its block and the renders of the
    ///   changed blocks.
    @discardableResult
    public func append(_ chunk: String) -> [Patch] {
        append(bytes: chunk.utf8)
    }

    /// Appends raw bytes (a chunk may end inside a UTF-8 character).
    ///
    /// - Complexity: as ``append(_:)``.
    @discardableResult
    public func append(bytes chunk: some Collection<UInt8>) -> [Patch] {
        precondition(!isParsingElsewhere, "append while append(contentsOf:) is parsing")
        let patches = document.append(bytes: chunk)
        applyOwn(patches)
        return patches
    }

    /// Ends the stream: closes every open block (and marks every node,
    /// the document's included, closed).
    ///
    /// - Complexity: as ``append(_:)``.
    @discardableResult
    public func finish() -> [Patch] {
        precondition(!isParsingElsewhere, "finish while append(contentsOf:) is parsing")
        guard !document.isFinished else { return [] }
        let patches = document.finish()
        do {
            try apply(patches, isFinal: true)
        } catch {
            preconditionFailure("the engine's patches do not fit its own tree: \(error)")
        }
        return patches
    }

    /// Applies patches the model's own document produced (they always fit).
    func applyOwn(_ patches: [Patch]) {
        do {
            try apply(patches)
        } catch {
            preconditionFailure("the engine's patches do not fit its own tree: \(error)")
        }
    }
}

/// The blocks a render function rendered during one call of the cache, with
/// their outputs, so the model can set ``BlockNode/output`` for exactly those.
final class RenderLog<Output> {
    private(set) var entries: [(BlockID, Output)] = []

    func record(_ id: BlockID, _ output: Output) { entries.append((id, output)) }

    func take() -> [(BlockID, Output)] {
        defer { entries.removeAll(keepingCapacity: true) }
        return entries
    }
}
