/// The window inside an open top-level block quote (or alert): it starts
/// at the quote's first child that is not closed. An alert's window starts
/// after its first child at the earliest (the marker line is settled once
/// that child is closed), so the window's own quote is a plain quote and
/// its children are the alert's from `frozenChildren` on.
struct QuoteWindow: NestedWindow {
    /// Children of the quote frozen before the window.
    var frozenChildren: Int

    func accepts(_ window: [Block], container: Block, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard container.kind.isQuote, let first = window.first, case .blockQuote = first.kind,
            frozenChildren < container.children.count, let child = first.children.first
        else { return false }
        return child.range.lowerBound == container.children[frozenChildren].range.lowerBound
    }

    func graft(_ window: Block, into quote: inout Block, text: UnsafeBufferPointer<UInt8>) -> Int? {
        quote.graftChildren(of: window, from: frozenChildren)
        return nil
    }
}

extension BlockKind {
    /// Whether the block is a block quote, plain or an alert.
    var isQuote: Bool {
        switch self {
        case .blockQuote, .alert: true
        default: false
        }
    }
}
