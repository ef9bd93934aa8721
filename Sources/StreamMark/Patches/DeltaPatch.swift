public import StreamMarkHighlight

/// One change of the version-2 patch protocol: the wire form of ``Patch``
/// with deltas, so the bytes sent for a growing block are proportional to
/// what changed, not to the block.
///
/// A ``DeltaEncoder`` turns the engine's patches into delta patches;
/// ``DeltaPatch/apply(to:)`` applies one to a client's tree. Version 2
/// carries no source ranges: a tree built from delta patches has empty
/// ranges (`0..<0`) on blocks and cells (see ``Block/removingRanges()``).
/// See `docs/patches.md` for the protocol and its JSON form.
public enum DeltaPatch: Hashable, Sendable {
    /// A new block with its whole subtree at `index` among `parent`'s
    /// children; `nil` means after the last child.
    case insert(parent: BlockID, index: Int?, block: Block)
    /// The block and its subtree are gone.
    case remove(id: BlockID)
    /// The block moves to `index` among `parent`'s children, counted after it
    /// has been taken out of its old place.
    case move(id: BlockID, parent: BlockID, index: Int)
    /// The block and its whole subtree are final (up to a later link
    /// reference definition, which may still update or splice it).
    case close(id: BlockID)
    /// The block's kind (attributes and content) is replaced; children stay.
    case update(id: BlockID, kind: BlockKind)
    /// The block's kind changes but its inline content stays (a paragraph
    /// that becomes a setext heading and back, a heading's level): the
    /// block keeps its inlines and `kind`'s own inlines are ignored.
    case retype(id: BlockID, kind: BlockKind)
    /// The block's text tail changes at its end: the last `before`
    /// characters stay at the end; the part before them loses its last
    /// `drop` characters and gains `text`. Both counts are of ASCII
    /// characters (bytes, UTF-16 units and scalars agree). The tail is a
    /// code or HTML block's literal (`before` is 1 there: the newline cmark
    /// ends the last line with), or the last inline of a paragraph, heading
    /// or (with `cell`) a table row's cell if it is text; if it is not (or
    /// there is none), `drop` and `before` are 0 and `text` becomes a new
    /// text inline.
    case append(id: BlockID, cell: Int?, drop: Int, before: Int, text: String)
    /// The inlines of a paragraph or heading (or, with `cell`, of a table
    /// row's cell) after the first `keep` are replaced by `inlines`.
    case splice(id: BlockID, cell: Int?, keep: Int, inlines: [Inline])
    /// The syntax highlighting of a code block's completed lines: lines
    /// `firstLine`, `firstLine + 1`, … of its literal have these tokens
    /// (final), and no later line is highlighted yet. Sent only by a
    /// writer that highlights (`streammark --format patches --highlight`);
    /// the tree is unchanged (``CodeHighlights``, `docs/patches.md`).
    case highlight(id: BlockID, firstLine: Int, lines: [[HighlightToken]])

    /// The identity the patch is about.
    public var id: BlockID {
        switch self {
        case .insert(_, _, let block): block.id
        case .remove(let id), .move(let id, _, _), .close(let id), .update(let id, _), .retype(let id, _),
            .append(let id, _, _, _, _), .splice(let id, _, _, _), .highlight(let id, _, _):
            id
        }
    }
}

extension Block {
    /// This block and its subtree with every block and cell range emptied
    /// (`0..<0`): the tree a version-2 client holds.
    ///
    /// - Complexity: O(subtree).
    public func removingRanges() -> Block {
        Block(
            id: id, kind: kind.removingRanges(), range: 0..<0,
            children: children.map { $0.removingRanges() })
    }
}

extension BlockKind {
    /// The kind with table cell ranges emptied.
    func removingRanges() -> BlockKind {
        switch self {
        case .table(var table):
            for i in table.header.indices { table.header[i].range = 0..<0 }
            return .table(table)
        case .tableRow(var cells):
            for i in cells.indices { cells[i].range = 0..<0 }
            return .tableRow(cells: cells)
        default:
            return self
        }
    }
}

extension BlockKind {
    /// The kind with `inlines` in place of its own (paragraph and heading);
    /// other kinds are returned unchanged.
    func replacingInlines(with inlines: [Inline]) -> BlockKind {
        switch self {
        case .paragraph: .paragraph(inlines: inlines)
        case .heading(let level, _): .heading(level: level, inlines: inlines)
        default: self
        }
    }

    /// Whether a version-2 `append` can target this kind without a cell
    /// (it has a text tail: a literal or inlines).
    var hasTextTail: Bool {
        switch self {
        case .codeBlock, .htmlBlock, .paragraph, .heading: true
        default: false
        }
    }
}
