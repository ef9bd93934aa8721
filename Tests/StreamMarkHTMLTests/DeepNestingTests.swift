import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Very deep trees: the renderer walks them with explicit stacks, so it
/// never runs out of stack, and the HTML equals cmark's.
///
/// The renderer is tested at 10,000 levels on hand-built trees. The
/// parse-and-render tests use ``parsedQuoteDepth`` quotes and
/// ``parsedListDepth`` list levels on an ordinary test thread, and the full
/// 10,000 levels on a ``LargeStack`` thread. (The converter and the
/// extension walk are iterative now; destroying a deeply nested `Block`
/// still recurses: see `SmallStackParsingTests` and docs/concurrency.md
/// for the depths that fit in 512 KiB and 8 MiB.)
@Suite struct DeepNestingTests {
    static let depth = 10_000
    static let parsedQuoteDepth = 2_500
    static let parsedListDepth = 1_200

    // MARK: Hand-built trees, 10,000 levels

    @Test func tenThousandBlockQuotes() {
        var block = Block(id: "e0", kind: .paragraph(inlines: [.text("x")]), range: 0..<1)
        for _ in 0..<Self.depth {
            block = Block(id: "e0", kind: .blockQuote, range: 0..<1, children: [block])
        }
        let document = Block(id: .document, kind: .document, range: 0..<1, children: [block])
        let markdown = String(repeating: "> ", count: Self.depth) + "x\n"
        #expect(HTMLRenderer().render(document) == CmarkReference.html(markdown))
    }

    @Test func tenThousandBulletListsOnOneLine() {
        var block = Block(id: "e0", kind: .paragraph(inlines: [.text("x")]), range: 0..<1)
        for _ in 0..<Self.depth {
            let item = Block(id: "e0", kind: .item(task: nil), range: 0..<1, children: [block])
            block = Block(id: "e0.list", kind: .list(ListAttributes(kind: .bullet)), range: 0..<1, children: [item])
        }
        let document = Block(id: .document, kind: .document, range: 0..<1, children: [block])
        let markdown = String(repeating: "- ", count: Self.depth) + "x\n"
        #expect(HTMLRenderer().render(document) == CmarkReference.html(markdown))
    }

    @Test func tenThousandIndentedNestedLists() {
        var list: Block?
        for level in stride(from: Self.depth - 1, through: 0, by: -1) {
            var children = [Block(id: "e0", kind: .paragraph(inlines: [.text("\(level)")]), range: 0..<1)]
            if let list { children.append(list) }
            let item = Block(id: "e0", kind: .item(task: nil), range: 0..<1, children: children)
            list = Block(id: "e0.list", kind: .list(ListAttributes(kind: .bullet)), range: 0..<1, children: [item])
        }
        let document = Block(id: .document, kind: .document, range: 0..<1, children: [list!])
        #expect(HTMLRenderer().render(document) == CmarkReference.html(Self.indentedLists(Self.depth)))
    }

    @Test func tenThousandNestedInlines() {
        var inline = Inline.text("x")
        for level in 0..<Self.depth {
            switch level % 3 {
            case 0: inline = .emphasis([inline])
            case 1: inline = .strong([.text("a"), inline])
            default: inline = .link(destination: "u", title: "", children: [inline])
            }
        }
        let image = Inline.image(source: "s", title: "", children: [inline])
        let document = Block(
            id: .document, kind: .document, range: 0..<1,
            children: [Block(id: "e0", kind: .paragraph(inlines: [inline, .softBreak, image]), range: 0..<1)])
        let html = HTMLRenderer().render(document)
        // Levels 9999, 9998, 9997 (outermost first): emphasis, link, strong.
        let opening = String(repeating: "<em><a href=\"u\"><strong>a", count: 3333) + "<em>x</em>"
        let closing = String(repeating: "</strong></a></em>", count: 3333)
        let alt = String(repeating: "a", count: 3333) + "x"
        #expect(html == "<p>" + opening + closing + "\n<img src=\"s\" alt=\"" + alt + "\" /></p>\n")
    }

    // MARK: Parsed, then rendered (depth limited by the engine's converter)

    @Test func parsedBlockQuotes() {
        checkParsed(String(repeating: "> ", count: Self.parsedQuoteDepth) + "x\n")
    }

    @Test func parsedBulletListsOnOneLine() {
        checkParsed(String(repeating: "- ", count: Self.parsedListDepth) + "x\n")
    }

    @Test func parsedIndentedNestedLists() {
        checkParsed(Self.indentedLists(Self.parsedListDepth))
    }

    @Test func parsedTenThousandLevelsOnLargeStack() {
        for markdown in [
            String(repeating: "> ", count: Self.depth) + "x\n",
            String(repeating: "- ", count: Self.depth) + "x\n",
            Self.indentedLists(Self.depth),
        ] {
            let ours = LargeStack.run { Oracle.ours(markdown, options: .init()) }
            #expect(ours == CmarkReference.html(markdown))
        }
    }

    private func checkParsed(_ markdown: String) {
        let ours = Oracle.ours(markdown, options: .init())
        #expect(ours == CmarkReference.html(markdown))
        #expect(ours.contains("x</") || ours.contains("<li>\(Self.parsedListDepth - 1)</li>"))
    }

    /// `- 0`, `  - 1`, `    - 2`, …: each item nested in the previous one.
    static func indentedLists(_ depth: Int) -> String {
        var markdown = ""
        for level in 0..<depth {
            markdown += String(repeating: " ", count: 2 * level) + "- \(level)\n"
        }
        return markdown
    }
}
