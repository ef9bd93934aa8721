import StreamMark
import StreamMarkTestSupport
import Testing

/// The documentation-shaped generator of the test support: reproducible,
/// of the size asked for, and writing the shapes it promises — checked on
/// the one-shot parse of what it writes, not on its own text.
@Suite struct DocumentationGeneratorTests {
    /// What the one-shot parse of a document holds.
    struct Shapes {
        var fencedCode = 0
        var indentedCode = 0
        /// A fenced block with a line of 4 KB or more right after an indented block.
        var fenceWithLongLineAfterIndentedCode = 0
        var codeInItems = 0
        var codeInQuotes = 0
        var tables = 0
        var htmlBlocks = 0
        var headings = 0
        /// Links to a pull request through a definition.
        var pullRequestLinks = 0
        var longestParagraph = 0

        init(_ root: Block) {
            var stack: [(block: Block, container: BlockKind?)] = [(root, nil)]
            while let (block, container) = stack.popLast() {
                for (index, child) in block.children.enumerated() {
                    stack.append((child, block.kind == .document ? container : block.kind))
                    if case .codeBlock(let code) = child.kind, code.fenced, index > 0,
                        case .codeBlock(let previous) = block.children[index - 1].kind, !previous.fenced,
                        code.literal.split(separator: "\n").contains(where: { $0.utf8.count >= 4096 })
                    {
                        fenceWithLongLineAfterIndentedCode += 1
                    }
                }
                switch block.kind {
                case .codeBlock(let code):
                    if code.fenced { fencedCode += 1 } else { indentedCode += 1 }
                    if case .item = container { codeInItems += 1 }
                    if container == .blockQuote { codeInQuotes += 1 }
                case .table: tables += 1
                case .htmlBlock: htmlBlocks += 1
                case .heading: headings += 1
                case .paragraph(let inlines):
                    longestParagraph = max(longestParagraph, block.range.count)
                    pullRequestLinks += inlines.filter(Self.linksToAPullRequest).count
                default: break
                }
            }
        }

        static func linksToAPullRequest(_ inline: Inline) -> Bool {
            if case .link(let destination, _, _) = inline { return destination.contains("/pull/") }
            return false
        }
    }

    @Test func sameSeedSameDocument() {
        for seed in UInt64(1)...20 {
            #expect(DocumentationGenerator.document(seed: seed) == DocumentationGenerator.document(seed: seed))
            #expect(DocumentationGenerator.document(seed: seed) != DocumentationGenerator.document(seed: seed + 1))
        }
        var generator = DocumentationGenerator(seed: 9, options: .small)
        #expect(generator.document() != generator.document())
    }

    /// At least the size asked for, and at most one block (a 20 KB base64
    /// request at most) more.
    @Test(arguments: [DocumentationGenerator.Options.large, .small])
    func sizeAsAskedFor(options: DocumentationGenerator.Options) {
        for seed in UInt64(1)...30 {
            let count = DocumentationGenerator.document(seed: seed, options: options).utf8.count
            // A document without its final newline is one byte short.
            #expect(count >= options.bytes - 1 && count < options.bytes + 48_000, "seed \(seed): \(count) bytes")
        }
    }

    /// Over eight large documents, every promised shape occurs, the crash's
    /// shape (a fence holding a line of 4 KB or more right after indented
    /// code) in several of them.
    @Test func shapesOfDocumentation() {
        var total = [String: Int]()
        var documentsWithTheCrashShape = 0
        for seed in UInt64(1)...8 {
            let shapes = Shapes(MarkdownParser().parse(bytes: Array(DocumentationGenerator.document(seed: seed).utf8)))
            if shapes.fenceWithLongLineAfterIndentedCode > 0 { documentsWithTheCrashShape += 1 }
            total["fenced code", default: 0] += shapes.fencedCode
            total["indented code", default: 0] += shapes.indentedCode
            total["code in list items", default: 0] += shapes.codeInItems
            total["code in block quotes", default: 0] += shapes.codeInQuotes
            total["tables", default: 0] += shapes.tables
            total["HTML blocks", default: 0] += shapes.htmlBlocks
            total["headings", default: 0] += shapes.headings
            total["pull request links", default: 0] += shapes.pullRequestLinks
            total["paragraphs of 2 KB", default: 0] += shapes.longestParagraph >= 2048 ? 1 : 0
        }
        #expect(documentsWithTheCrashShape >= 3)
        for (shape, count) in total {
            #expect(count >= 3, "\(shape): \(count)")
        }
        #expect(total.count == 9)
    }

    /// Some documents use CRLF, some end without a newline.
    @Test func lineEndings() {
        let documents = (UInt64(1)...120).map { DocumentationGenerator.document(seed: $0, options: .small) }
        #expect(documents.contains { $0.utf8.contains(0x0D) })
        #expect(documents.contains { !$0.hasSuffix("\n") })
        #expect(documents.filter { $0.utf8.contains(0x0D) }.count < 20)
    }
}
