import StreamMark

/// Which blocks a ``DocumentModel`` renders, and so what each
/// ``BlockNode/output`` holds.
///
/// ```swift
/// // SwiftUI: container views compose their children's views.
/// let model = DocumentModel<AttributedString>(scope: .contentBlocks, render: Render.block)
/// ```
public enum RenderScope: Hashable, Sendable {
    /// Each top-level block as a whole: its node's output covers its subtree
    /// (the render function composes its children's cached outputs with
    /// `child(index, context)`, or renders the subtree itself), and deeper
    /// nodes get the outputs the render function asked the cache for.
    /// One output per top-level block is simple to show, but an open
    /// container is rendered again, with all its children, on every append
    /// that changes one of them: O(container) per append for a long open
    /// list, quote or table.
    ///
    /// Footnotes: a note (``BlockKind/footnoteDefinition(_:)``) is drawn in
    /// the footnotes section (``BlockKind/footnotes(notes:)``, the last
    /// top-level block), not where it was written, so the section is
    /// rendered again whenever a touched top-level block holds a note; the
    /// render function finds the notes in ``DocumentModel/tree`` by id.
    case topLevelBlocks

    /// The blocks a view shows as text, each on its own: paragraphs,
    /// headings, code and HTML blocks, thematic breaks and table rows; a
    /// table as its header (the render function receives the table without
    /// its rows). Quotes, lists, items and footnote definitions get no
    /// output: their views compose their children's views, as SwiftUI's
    /// `ForEach(node.children)` does. The footnotes section is a leaf with
    /// an output of its own (the ids of its notes); its view shows the
    /// listed notes' nodes (``DocumentModel/node(for:)``), and a note's own
    /// view, where it was written, shows nothing.
    /// Per append the model renders only the content blocks the patches
    /// inserted or changed: O(changed), however long the open container.
    case contentBlocks
}

extension RenderScope {
    /// The block the render function receives for a block with `id` and
    /// `value` in the content scope (a table without its rows), or `nil`
    /// for a block that has no output of its own (quote, alert, list,
    /// item, footnote definition, document).
    ///
    /// - Complexity: O(1).
    static func contentBlock(id: BlockID, value: BlockValue) -> Block? {
        switch value.kind {
        case .document, .blockQuote, .alert, .list, .item, .footnoteDefinition: nil
        default: Block(id: id, kind: value.kind, range: value.range)
        }
    }
}
