import StreamMark
import StreamMarkTestSupport
import Testing

/// ``LocatedTree`` applies patches exactly as the searching ``Block`` does,
/// and finds the blocks a late definition updates without searching.
@Suite struct LocatedTreeTests {
    /// The engine's own patches, streamed at seeded chunk sizes over real
    /// answers and documentation-shaped text: after every batch the two
    /// trees are equal, and the index answered every lookup.
    @Test(arguments: [
        "llm/001-peer-support-nlp-alerts-project.md", "llm/023-terraform-playwright-multi-ip.md",
        "llm/035-ru-micro-ros-arduino.md", "regressions/crash-code-fence-after-indented-code.md",
    ])
    func streamedPatchesApplyAsTheSearchApplies(file: String) throws {
        let bytes = CorpusFiles.bytes(file)
        var random = SplitMix64(seed: 7)
        var document = StreamingDocument()
        var searched = Block(id: .document, kind: .document, range: 0..<0)
        var located = LocatedTree()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 1 + random.below(96))
            let patches = document.append(bytes: bytes[start..<end])
            try Patch.apply(patches, to: &searched)
            for patch in patches { try patch.apply(to: &located) }
            #expect(located.root == searched)
            start = end
        }
        for patch in document.finish() {
            try patch.apply(to: &searched)
            try patch.apply(to: &located)
        }
        #expect(located.root == searched)
        #expect(located.root == document.root)
        #expect(located.fallbackSearches == 0)
    }

    /// Random operations on random trees — inserts anywhere (shifting the
    /// remembered indices of later siblings), removals, moves, updates and
    /// closes, some naming blocks or indices that are not there — give the
    /// same tree and the same error as the search.
    @Test(arguments: 0..<8)
    func randomPatchesApplyAsTheSearchApplies(seed: UInt64) {
        var random = SplitMix64(seed: 1_000 + seed)
        var searched = Block(id: .document, kind: .document, range: 0..<0)
        var located = LocatedTree()
        var nextID = 0
        var failures = 0
        for _ in 0..<400 {
            let patch = Self.randomPatch(in: searched, nextID: &nextID, random: &random)
            let searchError = Self.error { () throws(PatchError) in try patch.apply(to: &searched) }
            let locatedError = Self.error { () throws(PatchError) in try patch.apply(to: &located) }
            #expect(searchError == locatedError, "\(patch)")
            #expect(located.root == searched, "\(patch)")
            if searchError != nil { failures += 1 }
        }
        #expect(searched.subtreeCount > 60)
        #expect(failures > 10)
        #expect(located.fallbackSearches == 0)
    }

    /// A late definition updates a frozen list item anywhere in a long
    /// list. Streamed at 64-byte chunks, each lookup compares one sibling
    /// per level, at 300 definitions after their uses as at 2,400
    /// (before, each searched the whole list from its end).
    @Test func lateDefinitionsFindFrozenItemsInConstantWork() throws {
        func maximumChecksPerLookup(items: Int) throws -> Int {
            let text = Self.definitionRun(items: items)
            var document = StreamingDocument()
            var located = LocatedTree()
            var maximum = 0
            var start = text.startIndex
            while start < text.endIndex {
                let end = text.index(start, offsetBy: 64, limitedBy: text.endIndex) ?? text.endIndex
                for patch in document.append(bytes: text[start..<end]) {
                    let before = located.siblingChecks
                    try patch.apply(to: &located)
                    maximum = max(maximum, located.siblingChecks - before)
                }
                start = end
            }
            #expect(located.root == document.root)
            #expect(located.fallbackSearches == 0)
            return maximum
        }
        let small = try maximumChecksPerLookup(items: 300)
        let large = try maximumChecksPerLookup(items: 2_400)
        #expect(small == large)
        #expect(large <= 8)
    }

    /// Uses of reference labels in a list, then the run of their definitions.
    static func definitionRun(items: Int) -> [UInt8] {
        var text = "## Changes\n\n"
        for index in 0..<items { text += "- [Fix the thing \(index)][\(98_000 + index)] in the parser\n" }
        text += "\n"
        for index in 0..<items { text += "[\(98_000 + index)]: https://github.com/org/repo/pull/\(98_000 + index)/\n" }
        return Array(text.utf8)
    }

    private static func error(_ body: () throws(PatchError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return error.description
        }
    }

    /// A patch for `tree`: mostly one that fits (a container's child index
    /// in range), sometimes one naming a missing block or index.
    private static func randomPatch(in tree: Block, nextID: inout Int, random: inout SplitMix64) -> Patch {
        var blocks: [Block] = []
        tree.forEach { blocks.append($0) }
        let containers = blocks.filter { $0.id == .document || $0.kind == .blockQuote }
        func target(_ candidates: [Block]) -> (id: BlockID, count: Int) {
            if random.chance(5) { return (BlockID("missing"), 0) }
            let block = random.pick(candidates)
            return (block.id, block.children.count)
        }
        func index(below count: Int) -> Int {
            random.chance(8) ? random.pick([-1, count + 1]) : random.int(in: 0...count)
        }
        switch random.below(100) {
        case 0..<60:
            nextID += 1
            let leaf = Block(id: BlockID("n\(nextID)"), kind: .paragraph(inlines: [.text("\(nextID)")]), range: 0..<1)
            let block =
                random.chance(40)
                ? Block(id: BlockID("q\(nextID)"), kind: .blockQuote, range: 0..<1, children: [leaf]) : leaf
            let parent = target(containers)
            return .insert(parent: parent.id, index: index(below: parent.count), block: block)
        case 60..<68:
            return .remove(id: target(blocks).id)
        case 68..<76:
            let parent = target(containers)
            return .move(id: target(blocks).id, parent: parent.id, index: index(below: parent.count))
        case 76..<90:
            return .update(
                id: target(blocks).id, value: BlockValue(kind: .paragraph(inlines: [.text("u")]), range: 0..<2))
        default:
            return .close(id: target(blocks).id)
        }
    }
}
