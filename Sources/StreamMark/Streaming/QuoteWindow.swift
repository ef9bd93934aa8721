/// The window inside an open top-level block quote: it starts at the
/// quote's first child that is not closed.
struct QuoteWindow: NestedWindow {
    /// Children of the quote frozen before the window.
    var frozenChildren: Int

    func accepts(_ window: [Block], container: Block, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .blockQuote = container.kind, let first = window.first, case .blockQuote = first.kind,
            frozenChildren < container.children.count, let child = first.children.first
        else { return false }
        return child.range.lowerBound == container.children[frozenChildren].range.lowerBound
    }

    func graft(_ window: Block, into quote: inout Block, text: UnsafeBufferPointer<UInt8>) -> Int? {
        quote.graftChildren(of: window, from: frozenChildren)
        return nil
    }
}
