import StreamMark
import StreamMarkHTML
import Testing

/// Seeded random documents assembled from Markdown fragments that exercise
/// every block and inline kind: our HTML equals cmark's under every option
/// set, and top-level fragments concatenate to the document.
@Suite struct RandomDocumentTests {
    static let pieces: [String] = [
        "# Heading *em*\n", "Setext\n===\n", "para with **strong** and `code`\n", "line one\nline two  \nthree\\\n",
        "- item\n", "- [link](http://x.y/a b 'T')\n", "  - nested\n", "1. one\n", "10) ten\n", "\n", "\n\n",
        "> quote\n", "> - in quote\n", ">\n", "```js x\nlet a = 1 < 2;\n```\n", "~~~\nunclosed\n", "    indented\n",
        "<div class=\"x\">\n", "</div>\n", "<!-- comment -->\n", "a <span>inline</span> b\n", "***\n", "---\n",
        "![alt *x* `y`\nz](img.png \"title\")\n", "[ref]\n", "[ref]: /url \"t\"\n", "&amp; &copy; &#x27; &bogus;\n",
        "<http://auto.link/?a=b&c=d> <me@example.com>\n", "[j](javascript:void) [d](data:image/png;x)\n",
        "\t\ttab\n", "*a **b** c*\n", "_under_ __score__\n", "\"quotes\" -- dash --- ... 'single'\n",
        "ü 漢字 😀 \u{2028}\n", "text\r\n", "cr\r", "    \n", "| not | a table |\n", "~~not strike~~\n",
    ]

    @Test(arguments: 0..<200)
    func randomDocument(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 0x1000_0001 &+ 7)
        var markdown = ""
        for _ in 0..<Int.random(in: 1...30, using: &generator) {
            markdown += Self.pieces.randomElement(using: &generator)!
        }
        let smart = seed % 3 == 0
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = Oracle.ours(markdown, smart: smart, options: renderOptions)
            let cmark = CmarkReference.html(markdown, options: smart ? cmarkOptions.union(.smart) : cmarkOptions)
            #expect(ours == cmark, "\(markdown.debugDescription)\n\(Oracle.firstDifference(ours, cmark))")
        }
        let tree = MarkdownParser(options: ParseOptions(smartPunctuation: smart, extensions: .none)).parse(markdown)
        let renderer = HTMLRenderer(options: .init(unsafe: true))
        #expect(tree.children.map { renderer.render(block: $0) }.joined() == renderer.render(tree))
    }
}
