import StreamMark
import Testing

@testable import StreamMarkTerminal

/// Hand-written expectations for each block and inline kind.
@Suite("TerminalRenderer")
struct TerminalRendererTests {
    let plain = TerminalRenderer(options: TerminalOptions(width: 20))

    func render(_ markdown: String, _ options: TerminalOptions = TerminalOptions(width: 20)) -> String {
        TerminalRenderer(options: options).render(document: MarkdownParser().parse(markdown))
    }

    @Test func paragraphWrapsAtWidth() {
        #expect(render("one two three four five six seven") == "one two three four\nfive six seven\n")
    }

    @Test func longWordBreaksBetweenCharacters() {
        #expect(render("abcdefghijklmnopqrstuvwxyz") == "abcdefghijklmnopqrst\nuvwxyz\n")
    }

    @Test func cjkWrapsByDisplayWidth() {
        // 12 ideographs = 24 columns: 10 fit on a 20-column line.
        #expect(render("一二三四五六七八九十百千") == "一二三四五六七八九十\n百千\n")
    }

    @Test func cjkClosingPunctuationStaysOnItsLine() {
        // "、" would start the second line; it stays with "十".
        #expect(render("一二三四五六七八九十、百") == "一二三四五六七八九\n十、百\n")
    }

    @Test func emojiWrapsAsTwoColumns() {
        #expect(render("😀😀😀😀😀😀😀😀😀😀😀") == "😀😀😀😀😀😀😀😀😀😀\n😀\n")
    }

    @Test func combiningMarksTakeNoColumn() {
        let word = String(repeating: "e\u{301}", count: 20)
        #expect(render(word) == word + "\n")
    }

    @Test func headingsAndBreak() {
        #expect(
            render("# Title\n\n---\n\n## Sub") == "# Title\n\n" + String(repeating: "─", count: 20) + "\n\n## Sub\n")
    }

    @Test func plainEmphasisKeepsMarkers() {
        #expect(render("*a* **b** ~~c~~ `d`") == "*a* **b** ~~c~~ `d`\n")
    }

    @Test func colorEmphasisUsesSGR() {
        let out = render("*a* **b** ~~c~~", TerminalOptions(width: 20, color: true))
        #expect(out == "\u{1B}[3ma\u{1B}[0m \u{1B}[1mb\u{1B}[0m \u{1B}[9mc\u{1B}[0m\n")
    }

    @Test func linksAsHyperlinksOrWithURL() {
        let markdown = "[site](https://example.org)"
        #expect(render(markdown, TerminalOptions(width: 40)) == "site (https://example.org)\n")
        #expect(
            render(markdown, TerminalOptions(width: 40, hyperlinks: true))
                == "\u{1B}]8;;https://example.org\u{1B}\\site\u{1B}]8;;\u{1B}\\\n")
        // An autolink shows its URL once.
        #expect(render("<https://example.org>", TerminalOptions(width: 40)) == "https://example.org\n")
    }

    @Test func imagesShowAltAndURL() {
        #expect(render("![a cat](cat.png)", TerminalOptions(width: 40)) == "[image: a cat] (cat.png)\n")
    }

    @Test func orderedListNumbersAndHangingIndent() {
        let markdown = "8. alpha beta gamma delta\n9. two\n10. three\n"
        #expect(render(markdown) == "8. alpha beta gamma\n   delta\n9. two\n10. three\n")
    }

    @Test func nestedBulletsAndTasks() {
        let markdown = "- a\n  - b\n    - c\n- [x] done\n- [ ] todo\n"
        #expect(render(markdown) == "• a\n  ◦ b\n    ▪ c\n[x] done\n[ ] todo\n")
    }

    @Test func looseListHasBlankLines() {
        #expect(render("- a\n\n- b\n") == "• a\n\n• b\n")
    }

    @Test func blockQuoteHasBar() {
        #expect(render("> quoted text that wraps here\n") == "│ quoted text that\n│ wraps here\n")
    }

    @Test func alertHasItsTitleAndBar() {
        #expect(render("> [!WARNING]\n> Back up the data first.\n") == "│ Warning\n│ Back up the data\n│ first.\n")
        #expect(render("> [!TIP]\n") == "│ Tip\n")
    }

    /// In colour, the bar and the bold title take the kind's colour (dark
    /// theme: note 75, caution 203), the body keeps its own.
    @Test func alertInColorUsesTheKindsColour() {
        let note = render("> [!NOTE]\n> a\n", TerminalOptions(width: 20, color: true))
        #expect(note == "\u{1B}[38;5;75m│ \u{1B}[0m\u{1B}[1;38;5;75mNote\u{1B}[0m\n\u{1B}[38;5;75m│ \u{1B}[0ma\n")
        let caution = render("> [!CAUTION]\n", TerminalOptions(width: 20, color: true))
        #expect(caution.contains("\u{1B}[1;38;5;203mCaution"))
    }

    @Test func fencedCodeIsNotWrappedPlain() {
        let markdown = "```swift\nlet x = \"a very long line of code\"\n```\n"
        #expect(render(markdown) == "```swift\nlet x = \"a very long line of code\"\n```\n")
    }

    @Test func fencedCodeInColorHasFrameAndLabel() {
        let out = render("```py\nx\n```\n", TerminalOptions(width: 20, color: true))
        #expect(TestSupport.strippingEscapes(out) == "╭─ py\n│ x\n╰─\n")
    }

    @Test func tabsInCodeBecomeSpaces() {
        #expect(render("```\n\tx\n```\n") == "```\n    x\n```\n")
    }

    @Test func htmlBlockOmittedUnlessUnsafe() {
        let markdown = "<div>\nhi\n</div>\n\ntext"
        #expect(render(markdown) == "text\n")
        let unsafe = render(markdown, TerminalOptions(width: 20, color: true, showsHTML: true))
        #expect(unsafe.hasPrefix("\u{1B}[2m<div>\u{1B}[0m\n"))
    }

    @Test func controlCharactersCannotEscape() {
        let out = render("a\u{1B}[31mb\u{07}c")
        #expect(!out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(out == "a\u{FFFD}[31mb\u{FFFD}c\n")
    }

    /// Tables are rendered from block values (whatever the parser produces).
    @Test func tableWithBordersAndAlignment() {
        func cell(_ text: String) -> TableCell { TableCell(inlines: [.text(text)], range: 0..<0) }
        let table = Block(
            id: "e0",
            kind: .table(
                TableAttributes(alignments: [.left, .right, .center], header: [cell("a"), cell("bb"), cell("c")])),
            range: 0..<10,
            children: [
                Block(id: "e5", kind: .tableRow(cells: [cell("1"), cell("2"), cell("中文")]), range: 5..<10)
            ])
        let document = Block(id: .document, kind: .document, range: 0..<10, children: [table])
        let expected = """
            ┌───┬────┬──────┐
            │ a │ bb │  c   │
            ├───┼────┼──────┤
            │ 1 │  2 │ 中文 │
            └───┴────┴──────┘

            """
        #expect(TerminalRenderer(options: TerminalOptions(width: 40)).render(document: document) == expected)
    }

    @Test func tooWideTableWrapsCells() {
        func cell(_ text: String) -> TableCell { TableCell(inlines: [.text(text)], range: 0..<0) }
        let table = Block(
            id: "e0",
            kind: .table(TableAttributes(alignments: [.none, .none], header: [cell("k"), cell("value")])),
            range: 0..<10,
            children: [
                Block(id: "e5", kind: .tableRow(cells: [cell("x"), cell("one two three four")]), range: 5..<10)
            ])
        let document = Block(id: .document, kind: .document, range: 0..<10, children: [table])
        let expected = """
            ┌───┬───────────┐
            │ k │ value     │
            ├───┼───────────┤
            │ x │ one two   │
            │   │ three     │
            │   │ four      │
            └───┴───────────┘

            """
        #expect(TerminalRenderer(options: TerminalOptions(width: 17)).render(document: document) == expected)
    }
}
