import Foundation
import StreamMark
import StreamMarkTestSupport
import Testing

/// `Block` keeps its children in a box (so that destroying a deep tree does
/// not recurse): it must still behave as a plain value. Equality, hashing
/// and the walks are checked against recursive reference implementations
/// (test-only) on seeded random trees, copies against each other after
/// writes at every depth, and deep trees on a 512 KiB stack.
@Suite struct BlockValueSemanticsTests {
    /// A random tree of at most `budget` blocks, ids from `next`.
    static func tree(_ random: inout SplitMix64, budget: Int, next: inout Int) -> Block {
        let kinds: [BlockKind] = [
            .blockQuote, .list(ListAttributes(kind: .bullet)), .item(task: nil),
            .paragraph(inlines: [.text("p")]), .thematicBreak, .heading(level: 2, inlines: [.emphasis([.text("h")])]),
        ]
        next += 1
        let id = BlockID.source(next)
        let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
        guard kind.isContainer, budget > 1 else { return Block(id: id, kind: kind, range: next..<(next + 1)) }
        var children: [Block] = []
        var left = budget - 1
        while left > 0 && Int.random(in: 0..<4, using: &random) != 0 {
            let share = Int.random(in: 1...left, using: &random)
            children.append(tree(&random, budget: share, next: &next))
            left -= share
        }
        return Block(id: id, kind: kind, range: next..<(next + 2), children: children)
    }

    /// Recursive reference equality.
    static func referenceEqual(_ a: Block, _ b: Block) -> Bool {
        a.id == b.id && a.kind == b.kind && a.range == b.range && a.children.count == b.children.count
            && zip(a.children, b.children).allSatisfy { referenceEqual($0, $1) }
    }

    /// Recursive reference preorder.
    static func referenceIDs(_ block: Block) -> [BlockID] {
        [block.id] + block.children.flatMap(referenceIDs)
    }

    /// Every block's index path, in preorder (recursive reference).
    static func paths(_ block: Block, prefix: [Int] = []) -> [[Int]] {
        [prefix] + block.children.indices.flatMap { paths(block.children[$0], prefix: prefix + [$0]) }
    }

    /// The block at `path` with `change` applied, by recursion (reference).
    static func changing(_ block: Block, at path: ArraySlice<Int>, _ change: (inout Block) -> Void) -> Block {
        var copy = Block(id: block.id, kind: block.kind, range: block.range, children: block.children)
        guard let first = path.first else {
            change(&copy)
            return copy
        }
        var children = copy.children
        children[first] = changing(children[first], at: path.dropFirst(), change)
        return Block(id: copy.id, kind: copy.kind, range: copy.range, children: children)
    }

    @Test(arguments: 0..<40)
    func equalityHashAndWalksMatchTheReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var next = 0
        let original = Self.tree(&random, budget: 60, next: &next)
        // A structurally equal tree built separately (no shared boxes).
        let rebuilt = original.mapped()
        #expect(original == rebuilt)
        #expect(Self.referenceEqual(original, rebuilt))
        #expect(original.hashValue == rebuilt.hashValue)
        var visited: [BlockID] = []
        original.forEach { visited.append($0.id) }
        #expect(visited == Self.referenceIDs(original))
        #expect(original.subtreeCount == visited.count)
        // A change anywhere makes the trees unequal, exactly as the reference says.
        for path in Self.paths(original) {
            let renamed = Self.changing(original, at: path[...]) { $0.range = 0..<0 }
            #expect((renamed == original) == Self.referenceEqual(renamed, original))
            #expect(renamed != original)
            let found = original.descendant(withID: original.descendant(at: path).id)
            #expect(found.map { Self.referenceEqual($0, original.descendant(at: path)) } == true)
            #expect(original.path(to: original.descendant(at: path).id)?.count == path.count + 1)
        }
    }

    /// Writing through a copy, at any depth, leaves the original alone.
    @Test(arguments: 0..<20)
    func copiesAreIndependent(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var next = 0
        let original = Self.tree(&random, budget: 40, next: &next)
        let snapshot = original.mapped()
        for path in Self.paths(original) {
            var copy = original
            // In place, through nested `children` accessors.
            switch path.count {
            case 0: copy.children.append(Block(id: "new", kind: .thematicBreak, range: 0..<0))
            case 1: copy.children[path[0]].range = -1..<0
            default: copy.children[path[0]].children[path[1]].children.removeAll()
            }
            #expect(original == snapshot)
            #expect(copy != original || path.count > 1)
            let expected = Self.changing(original, at: path[..<min(path.count, 2)]) { block in
                switch path.count {
                case 0: block.children.append(Block(id: "new", kind: .thematicBreak, range: 0..<0))
                case 1: block.range = -1..<0
                default: block.children = []
                }
            }
            #expect(Self.referenceEqual(copy, expected))
        }
    }

    /// A chain of 200,000 blocks is built, copied, compared, hashed,
    /// searched, mapped and destroyed on a 512 KiB stack.
    @Test func twoHundredThousandLevelsOnHalfMiB() {
        let ok = LargeStack.run(stackSize: 512 << 10) { () -> Bool in
            func chain() -> Block {
                var block = Block(id: "leaf", kind: .paragraph(inlines: [.text("x")]), range: 0..<1)
                for level in 0..<200_000 {
                    block = Block(id: .source(level), kind: .blockQuote, range: 0..<1, children: [block])
                }
                return block
            }
            let block = chain()
            let other = chain()
            var changed = other
            changed.children[0].children[0].range = 0..<2
            var hasher = Hasher()
            block.hash(into: &hasher)
            return block == other && block != changed && block.hashValue == other.hashValue
                && block.descendant(withID: "leaf") != nil && block.subtreeCount == 200_001
                && block.path(to: "leaf")?.count == 200_001
        }
        #expect(ok)
    }

    /// The Codable form is the one the synthesized conformance wrote:
    /// `id`, `kind`, `range`, `children`.
    @Test func codableRoundTrip() throws {
        var random = SplitMix64(seed: 7)
        var next = 0
        let block = Self.tree(&random, budget: 30, next: &next)
        let data = try JSONEncoder().encode(block)
        #expect(try JSONDecoder().decode(Block.self, from: data) == block)
        let leaf = try JSONEncoder().encode(Block(id: "e0", kind: .thematicBreak, range: 1..<2))
        let object = try JSONSerialization.jsonObject(with: leaf) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["id", "kind", "range", "children"])
        #expect((object?["range"] as? [Int]) == [1, 2])
    }
}

extension Block {
    /// The same tree rebuilt block by block (no children box shared).
    fileprivate func mapped() -> Block {
        Block(id: id, kind: kind, range: range, children: children.map { $0.mapped() })
    }

    /// The descendant at `path`.
    fileprivate func descendant(at path: [Int]) -> Block {
        path.reduce(self) { $0.children[$1] }
    }
}
