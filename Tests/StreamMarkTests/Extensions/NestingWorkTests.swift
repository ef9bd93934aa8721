import Testing

@testable import StreamMark

/// Deep nesting costs the extension layer O(1) per container level: its
/// work counters (container prefixes copied into arrays, prefixes stepped
/// over to place list markers, line bytes scanned) stay within a small
/// multiple of the input size. Copying the prefixes per level, as the walk
/// once did, counts about depth²/2 (4.5 million at 3,000 levels).
@Suite struct NestingWorkTests {
    static let depth = 3_000

    static let shapes: [(name: String, markdown: String, containers: Int)] = [
        ("quotes on one line", String(repeating: "> ", count: depth) + "x\n", depth),
        ("bullets on one line", String(repeating: "- ", count: depth) + "x\n", 2 * depth),
        ("ordered on one line", String(repeating: "1. ", count: depth) + "x\n", 2 * depth),
        ("quote, bullet, tab", String(repeating: "> -\t", count: depth / 2) + "x\n", depth / 2 * 3),
        ("quotes, one per line", (1...depth).map { _ in ">" }.joined(separator: "\n") + " x\n", 1),
        ("quote lines with blank quote lines", (0..<depth).map { _ in "> x\n>\n" }.joined(), 1),
        (
            "deepening quotes, blank lines between",
            (1...300).map { String(repeating: "> ", count: $0) + "x\n" + String(repeating: ">", count: $0) + "\n" }
                .joined(), 1
        ),
        (
            "bullets with blank lines",
            (0..<depth).map { String(repeating: "  ", count: $0 % 50) + "- x\n\n" }.joined(), 2
        ),
    ]

    /// cmark's blocks with the GitHub extensions applied, and the layer's work.
    static func layer(_ markdown: String) -> (blocks: [Block], work: ExtensionWork) {
        let bytes = Array(markdown.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var blocks = CmarkNodeReader.parse(buffer, smart: false, contentStart: 0) { $0 }
            let work = ExtensionLayer.apply(
                to: &blocks, text: buffer, options: ParseOptions(),
                cells: CellInlineParser(context: bytes, smart: false)
            ).work
            return (blocks, work)
        }
    }

    /// Containers (quotes, lists, items) from the first top-level block
    /// down its first children, and the kind of the block at the bottom.
    static func firstChain(_ blocks: [Block]) -> (containers: Int, leaf: String) {
        var containers = 0
        var block = blocks.first
        while let current = block {
            switch current.kind {
            case .blockQuote, .list, .item:
                containers += 1
                block = current.children.first
            default:
                return (containers, current.kind.name)
            }
        }
        return (containers, "none")
    }

    @Test(arguments: 0..<shapes.count)
    func workIsLinearInTheInput(_ index: Int) {
        let shape = Self.shapes[index]
        let (blocks, work) = Self.layer(shape.markdown)
        let bytes = shape.markdown.utf8.count
        let total = work.prefixElementsCopied + work.prefixSteps + work.lineBytesScanned
        #expect(total <= 4 * bytes, "\(shape.name): \(work) for \(bytes) bytes")
        #expect(Self.firstChain(blocks) == (shape.containers, "paragraph"), "\(shape.name)")
    }

    /// The one-line shapes do reach the counted paths: each list item steps
    /// over at least one prefix (otherwise the bound above proves nothing).
    @Test func listItemsAreCounted() {
        let (_, work) = Self.layer(String(repeating: "- ", count: Self.depth) + "x\n")
        #expect(work.prefixSteps >= Self.depth - 1)
        #expect(work.lineBytesScanned >= 2 * Self.depth)
    }

    // MARK: The remembered positions agree with stripping each line afresh

    static let pieces = ["> ", ">", "- ", "* ", "1. ", "2) ", "\t", " ", "  ", "   ", "    ", "-\t", ">\t", "x", "\n"]

    static func randomDocument(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var text = ""
        for _ in 0..<Int.random(in: 1...25, using: &random) {
            for _ in 0..<Int.random(in: 0...8, using: &random) { text += pieces.randomElement(using: &random)! }
            text += "x\n"
        }
        return text
    }

    /// Every list item of cmark's tree: the walker's remembered prefix
    /// equals ``SourceLines/itemPrefix(itemStart:outer:)`` on the stripped
    /// line.
    @Test(arguments: 0..<300)
    func itemPrefixesMatchAFreshStrip(_ seed: Int) {
        let markdown = Self.randomDocument(seed: UInt64(seed))
        let bytes = Array(markdown.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let blocks = CmarkNodeReader.parse(buffer, smart: false, contentStart: 0) { $0 }
            let walker = ExtensionWalker(
                text: buffer, extensions: .gfm, cells: CellInlineParser(context: bytes, smart: false),
                lines: SourceLines(text: buffer))
            var mismatches: [String] = []
            var items = 0
            var stack: [(Block, PrefixChain, [LinePrefix])] = blocks.reversed().map {
                ($0, PrefixChain(work: walker.work), [])
            }
            while let (block, chain, array) = stack.popLast() {
                var innerChain = chain
                var innerArray = array
                switch block.kind {
                case .blockQuote:
                    innerChain = chain.appending(.quote)
                    innerArray.append(.quote)
                case .item:
                    items += 1
                    let remembered = walker.itemPrefix(itemStart: block.range.lowerBound, outer: chain)
                    let fresh = walker.lines.itemPrefix(itemStart: block.range.lowerBound, outer: array)
                    if remembered != fresh {
                        mismatches.append("item at \(block.range.lowerBound): \(remembered) ≠ \(fresh)")
                    }
                    innerChain = chain.appending(fresh)
                    innerArray.append(fresh)
                default: break
                }
                #expect(innerChain.array == innerArray)
                stack += block.children.reversed().map { ($0, innerChain, innerArray) }
            }
            #expect(mismatches.isEmpty, "seed \(seed) \(markdown.debugDescription): \(mismatches.prefix(3))")
            if seed == 0 { #expect(items > 0) }
        }
    }

    /// Over all seeds, the generator makes items nested on one line and
    /// items after tabs (the cases the remembered columns must get right).
    @Test func generatorCoversNestedItemsAndTabs() {
        let documents = (0..<300).map { Self.randomDocument(seed: UInt64($0)) }
        #expect(documents.contains { $0.contains("- - ") || $0.contains("1. - ") || $0.contains("-\t- ") })
        #expect(documents.contains { $0.contains("\t1. ") || $0.contains("\t- ") })
    }
}
