import StreamMark
import StreamMarkHTML

extension FragmentsOutput {
    /// The provisional display of the document's open block (the truth once
    /// the document is finished).
    static func display(of document: StreamingDocument) -> ProvisionalDisplay {
        var document = document
        return document.provisionalDisplay()
    }

    /// The fragment of a top-level block that holds the displayed open block:
    /// the HTML of what is shown in its place (possibly several blocks, or
    /// none), keyed by the top-level block's id. `nil` when the block shows
    /// its truth.
    ///
    /// - Complexity: O(size of the block).
    func displayHTML(of block: Block, _ display: ProvisionalDisplay) -> String? {
        guard display.differsFromTruth, block.id == lastContentID else { return nil }
        let shown = display.applied(to: Block(id: .document, kind: .document, range: 0..<0, children: [block]))
        return shown.children.map { renderer.render(block: $0) }.joined()
    }
}
