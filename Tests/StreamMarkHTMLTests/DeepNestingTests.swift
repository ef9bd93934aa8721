import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Very deep trees: the renderer walks them with explicit stacks, so it
/// never runs out of stack, and the HTML equals cmark's.
///
/// The renderer is tested at 10,000 levels on hand-built trees, and the
/// whole pipeline (parse, extension layer, render, destruction of the
/// trees) at 10,000 levels on a thread with a 512 KiB stack: nothing that
/// walks a block tree recurses per level (docs/concurrency.md).
@Suite struct DeepNestingTests {
    static let depth = 10_000
    static let halfMiB = 512 << 10

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

    // MARK: Parsed, then rendered, on a 512 KiB stack

    @Test func parsedBlockQuotes() {
        checkParsed(String(repeating: "> ", count: Self.depth) + "x\n")
    }

    @Test func parsedBulletListsOnOneLine() {
        checkParsed(String(repeating: "- ", count: Self.depth) + "x\n")
    }

    /// One item per line, each indented to the content of the one before:
    /// 100 MB of text at 10,000 levels.
    @Test func parsedIndentedNestedLists() {
        checkParsed(Self.indentedLists(Self.depth))
    }

    private func checkParsed(_ markdown: String) {
        let ours = LargeStack.run(stackSize: Self.halfMiB) { Oracle.ours(markdown, options: .init()) }
        #expect(ours == CmarkReference.html(markdown))
        #expect(ours.contains("x</") || ours.contains("<li>\(Self.depth - 1)</li>"))
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
