import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// `updateEach` (recursive for `Block.recursionLimit` levels, then an
/// explicit stack) against a recursive reference, on seeded random trees
/// hung below chains that cross the limit, with copies that must not see
/// the change.
@Suite struct BlockWalksTests {
    /// The change applied: every range shifted by the block's depth-first rank.
    static func reference(_ block: Block, rank: inout Int) -> Block {
        let start = rank
        rank += 1
        let children = block.children.map { reference($0, rank: &rank) }
        return Block(
            id: block.id, kind: block.kind, range: (block.range.lowerBound + start)..<(block.range.upperBound + start),
            children: children)
    }

    /// `tree` below a chain of `depth` block quotes.
    static func chained(_ tree: Block, depth: Int) -> Block {
        var block = tree
        for level in 0..<depth {
            block = Block(id: .source(100_000 + level), kind: .blockQuote, range: 0..<1, children: [block])
        }
        return block
    }

    @Test(arguments: 0..<30)
    func updateEachMatchesTheReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var next = 0
        let tree = BlockValueSemanticsTests.tree(&random, budget: 80, next: &next)
        let depth = [0, 5, Block.recursionLimit - 1, Block.recursionLimit, 70][Int(seed % 5)]
        let original = Self.chained(tree, depth: depth)
        var rank = 0
        let expected = Self.reference(original, rank: &rank)
        var changed = original
        var counter = 0
        changed.updateEach { block in
            block.range = (block.range.lowerBound + counter)..<(block.range.upperBound + counter)
            counter += 1
        }
        #expect(BlockValueSemanticsTests.referenceEqual(changed, expected))
        #expect(counter == original.subtreeCount)
        // The copy taken before still holds the old ranges.
        #expect(BlockValueSemanticsTests.referenceEqual(original, Self.chained(tree, depth: depth)))
    }

    /// 10,000 levels changed in place and destroyed on a 512 KiB stack.
    @Test func deepUpdateOnHalfMiB() {
        let visited = LargeStack.run(stackSize: 512 << 10) { () -> Int in
            var block = Self.chained(Block(id: "leaf", kind: .thematicBreak, range: 0..<1), depth: 10_000)
            var count = 0
            block.updateEach { block in
                block.range = 5..<6
                count += 1
            }
            var wrong = 0
            block.forEach { if $0.range != 5..<6 { wrong += 1 } }
            return wrong == 0 ? count : -1
        }
        #expect(visited == 10_001)
    }
}
