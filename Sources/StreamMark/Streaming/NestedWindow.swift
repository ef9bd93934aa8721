/// The window narrowed inside the engine's open top-level block: that
/// block's frozen part, what is parsed in front of the window, and how the
/// window's parse is checked against the block and grafted back onto it.
///
/// One type per shape of open block: ``ListWindow``, ``QuoteWindow``,
/// ``CodeWindow`` and ``TableWindow``. Without one, the window starts at a
/// top-level block. The engine narrows into a shape after each update
/// (`IncrementalEngine+Narrowing.swift`) and falls back to the top-level
/// window when ``accepts(_:container:text:)`` refuses a parse.
protocol NestedWindow: Sendable {
    /// Document text parsed in front of the window that the window needs as
    /// context: a code block's first line (the fence, or an indented
    /// block's first content line), a table's header and delimiter rows.
    var stub: Range<Int>? { get }
    /// How many children of the open block are frozen before the window:
    /// the diff compares only those after them.
    var frozenChildren: Int { get }
    /// Whether ``graft(_:into:text:)`` updates the open block's own value
    /// in place (a code block's literal); the diff then starts after the
    /// block, and the engine sends the block's update itself.
    var graftsInPlace: Bool { get }
    /// The blocks of `container` (the open block) that the window covers,
    /// top down, for ``ReferenceKeys/gaps(of:excluding:)``: by default
    /// `container` with only its open children
    /// (``IncrementalEngine/part(of:from:)``), whose range bounds theirs.
    func openBlocks(of container: Block) -> [Block]
    /// Whether the window's parse continues `container` as the shape
    /// expects: its first block is of the open block's kind and starts
    /// where the first open child (or the block) does.
    ///
    /// - Complexity: O(1), or O(line) for an indented code block.
    func accepts(_ window: [Block], container: Block, text: UnsafeBufferPointer<UInt8>) -> Bool
    /// Grafts the window's first block onto `container` (after
    /// ``accepts(_:container:text:)``). Returns, for a graft in place, the
    /// number of bytes copied into the block's value if that value
    /// changed; `nil` otherwise.
    ///
    /// - Complexity: O(window), never O(block).
    func graft(_ window: Block, into container: inout Block, text: UnsafeBufferPointer<UInt8>) -> Int?
}

extension NestedWindow {
    var stub: Range<Int>? { nil }
    var graftsInPlace: Bool { false }

    func openBlocks(of container: Block) -> [Block] {
        [IncrementalEngine.part(of: container, from: frozenChildren)]
    }
}

extension Block {
    /// Replaces the children from `first` on with the window's, and ends the
    /// block where the window does (never before its start).
    mutating func graftChildren(of window: Block, from first: Int) {
        replaceChildren(from: first, with: window.children, endingAt: window.range.upperBound)
    }

    /// Replaces the children from `first` on and ends the block at `end`
    /// (never before its start).
    mutating func replaceChildren(from first: Int, with new: some Collection<Block>, endingAt end: Int) {
        children.replaceSubrange(first..., with: new)
        let start = range.lowerBound
        range = start..<max(start, end)
    }
}
