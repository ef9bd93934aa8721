import StreamMark
import StreamMarkTestSupport
import Testing

/// The parser keeps inline nesting at most `InlineNesting.maximumDepth`
/// (100) deep: deeper containers are dissolved into the one at the limit,
/// keeping their content in order (docs/concurrency.md).
@Suite struct InlineNestingTests {
    /// A random inline tree up to `depth` levels deep.
    static func inline(_ random: inout SplitMix64, depth: Int) -> Inline {
        let leaves: [Inline] = [.text("t"), .code("c"), .softBreak, .html("<b>")]
        guard depth > 0, Int.random(in: 0..<3, using: &random) != 0 else {
            return leaves[Int.random(in: 0..<leaves.count, using: &random)]
        }
        let children = (0..<Int.random(in: 1...3, using: &random)).map { _ in inline(&random, depth: depth - 1) }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .emphasis(children)
        case 1: return .strong(children)
        case 2: return .strikethrough(children)
        case 3: return .link(destination: "u", title: "", children: children)
        default: return .image(source: "s", title: "", children: children)
        }
    }

    /// Recursive reference depth.
    static func referenceDepth(_ inlines: [Inline]) -> Int {
        inlines.map { inline -> Int in
            switch inline {
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .image(_, _, let c):
                1 + referenceDepth(c)
            default: 0
            }
        }.max() ?? 0
    }

    /// The leaves in order, with adjacent text joined (recursive reference).
    static func leaves(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            switch inline {
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .image(_, _, let c):
                for leaf in leaves(c) { append(leaf, to: &result) }
            default: append(inline, to: &result)
            }
        }
        return result
    }

    private static func append(_ leaf: Inline, to result: inout [Inline]) {
        if case .text(let next) = leaf, case .text(let previous)? = result.last {
            result[result.count - 1] = .text(previous + next)
        } else {
            result.append(leaf)
        }
    }

    /// A spine of `depth` random containers, each with a few shallow
    /// random siblings of the next one.
    static func spine(_ random: inout SplitMix64, depth: Int) -> Inline {
        var inline = Inline.text("bottom")
        for _ in 0..<depth {
            var children = [inline]
            if Int.random(in: 0..<2, using: &random) == 0 { children.insert(Self.inline(&random, depth: 3), at: 0) }
            if Int.random(in: 0..<2, using: &random) == 0 { children.append(Self.inline(&random, depth: 3)) }
            inline = Self.inline(&random, depth: 1).replacingChildren(children)
        }
        return inline
    }

    @Test(arguments: 0..<60)
    func cappingKeepsShallowTreesAndEveryLeaf(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let inlines = (0..<3).map { _ in
            Self.spine(&random, depth: seed % 2 == 0 ? Int.random(in: 0..<20, using: &random) : 150)
        }
        let depth = Self.referenceDepth(inlines)
        #expect(InlineNesting.depth(of: inlines) == depth)
        let capped = InlineNesting.capped(inlines)
        if depth <= InlineNesting.maximumDepth {
            #expect(capped == inlines)
        } else {
            #expect(Self.referenceDepth(capped) == InlineNesting.maximumDepth)
            #expect(Self.leaves(capped) == Self.leaves(inlines))
        }
    }

    /// The converter dissolves containers the same way while it reads
    /// cmark's tree: 20,000 nested levels keep every word, in order.
    @Test func parsedDeepEmphasisIsCappedWithItsText() {
        let count = 10_000
        let markdown =
            String(repeating: "*a **b ", count: count) + "c" + String(repeating: " d** e*", count: count) + "\n"
        let inlines = LargeStack.run(stackSize: 512 << 10) { () -> [Inline] in
            let tree = MarkdownParser().parse(markdown)
            guard case .paragraph(let inlines)? = tree.children.first?.kind else { return [] }
            return inlines
        }
        #expect(InlineNesting.depth(of: inlines) == InlineNesting.maximumDepth)
        let expected = (0..<count).map { _ in "a b " }.joined() + "c" + (0..<count).map { _ in " d e" }.joined()
        #expect(Self.leaves(inlines) == [.text(expected)])
    }
}

extension Inline {
    /// A container with `children` (`.emphasis` for a leaf).
    fileprivate func replacingChildren(_ children: [Inline]) -> Inline {
        switch self {
        case .strong: .strong(children)
        case .strikethrough: .strikethrough(children)
        case .link(let destination, let title, _): .link(destination: destination, title: title, children: children)
        case .image(let source, let title, _): .image(source: source, title: title, children: children)
        default: .emphasis(children)
        }
    }
}
