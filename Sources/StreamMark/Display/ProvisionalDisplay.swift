/// The provisional display form of a streaming document's open block: what
/// to show instead of the literal parse while the block is unfinished
/// (`docs/provisional.md`).
///
/// The truth (``StreamingDocument/root``) is never changed. A display names
/// the open block (``openID``) and the blocks to show in its place
/// (``blocks``): usually one block with the same id (a paragraph whose `**`
/// is closed, a paragraph shown as a table), sometimes none (a lone `-` that
/// will become a list item is not shown yet), and after a table's header row
/// possibly a paragraph and a table. The ids of these blocks are the ids the
/// truth gives the same text (`e<byte offset>`), and the first one keeps
/// the open block's id. Closed blocks and the open block's ancestors are
/// never part of a display.
public struct ProvisionalDisplay: Hashable, Sendable, Codable {
    /// The open block the display stands in for, or `nil` when the document
    /// is empty, finished or has no open block: then the truth is shown.
    public var openID: BlockID?
    /// The id of the open block's parent (`doc`, a list item, a quote).
    public var parentID: BlockID?
    /// The blocks shown in place of the open block (empty: not shown yet).
    public var blocks: [Block]
    /// Whether ``blocks`` differ from the open block itself.
    public var differsFromTruth: Bool

    /// A display that shows the truth.
    public static let truth = ProvisionalDisplay(openID: nil, parentID: nil, blocks: [], differsFromTruth: false)

    /// Creates a display.
    public init(openID: BlockID?, parentID: BlockID?, blocks: [Block], differsFromTruth: Bool) {
        self.openID = openID
        self.parentID = parentID
        self.blocks = blocks
        self.differsFromTruth = differsFromTruth
    }

    /// `root` with the open block replaced by ``blocks``; `root` itself when
    /// the display does not differ from the truth.
    ///
    /// - Complexity: O(depth of the open block × siblings on its path):
    ///   meant for whole-document renders; live renderers replace the one
    ///   block instead.
    public func applied(to root: Block) -> Block {
        guard differsFromTruth, let openID else { return root }
        var result = root
        _ = Self.replace(openID, with: blocks, in: &result)
        return result
    }

    /// Replaces the first block on the right spine whose id is `id`
    /// (iterative: any depth on any stack).
    private static func replace(_ id: BlockID, with blocks: [Block], in block: inout Block) -> Bool {
        var path: [Int] = []
        var current = block
        while let last = current.children.indices.last {
            if current.children[last].id == id {
                block.modifyDescendant(at: path) { $0.children.replaceSubrange(last...last, with: blocks) }
                return true
            }
            path.append(last)
            current = current.children[last]
        }
        return false
    }
}
