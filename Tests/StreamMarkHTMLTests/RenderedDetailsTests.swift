import StreamMark
import StreamMarkHTML
import Testing

/// Details of cmark's HTML that are easy to get wrong, each compared with
/// cmark's own output for the same input.
@Suite struct RenderedDetailsTests {
    static let cases: [String] = [
        // Text escaping: only & < > " are escaped; ' and / are not.
        "a'b/c \"d\" <e> & &amp; &#39; &quot;\n",
        // Tight and loose lists, <li> newlines, nested and empty items.
        "- a\n- b\n\n- c\n",
        "- a\n  - b\n    - c\n- d\n",
        "1. a\n\n   b\n2. c\n",
        "7) x\n8) y\n",
        "-\n- \n-   foo\n",
        "- # h\n- ```\n  code\n  ```\n- > q\n- ***\n",
        "- a\n\n  <div>\n  x\n  </div>\n- b\n",
        // Code blocks: language class from the first word of the info string.
        "```  python  extra words\nprint(1 < 2)\n```\n",
        "~~~ a&b\"c\tx\nx\n~~~\n",
        "    indented <code>\n\n    more\n",
        "```\n```\n",
        "``` {.rust #id}\nfn\n```\n",
        // Headings, rules, breaks.
        "# a\n## b ##\nc\n---\n***\n___\n",
        "a  \nb\\\nc\nd\n",
        // Raw HTML blocks and inline HTML, safe and unsafe.
        "<div>\n*x*\n</div>\n\n<!-- c -->\n\n<?p?>\n\n<![CDATA[x]]>\n\ntext <span a='b'>x</span> <!-- y -->\n",
        "<script>\nalert(1)\n</script>\nafter\n",
        // Images: alt text is plain text; nested markup, breaks, code and HTML.
        "![a *b* **c** `d` <e> [f](g) ![h](i)\nj  \nk](/src \"t&t\")\n",
        "![](empty)\n![x][r]\n\n[r]: /u 'ti\"tle'\n",
        // Links: titles, escaping, dangerous schemes.
        "[a](</my url> \"ti<t>le\") [b](http://x.y/?q=1&r='2'#f) <http://a.b/c?d=e&f=g>\n",
        "[j](javascript:alert(1)) [J](JAVASCRIPT:x) [v](vbscript:x) [f](file:///etc) [d](data:text/html,x)\n",
        "[p](data:image/png;base64,AAA) [g](data:image/gif;x) [jp](data:image/jpeg;x) [w](data:image/webp;x)\n",
        "[s](data:image/svg+xml;x) [jpe](data:image/jpe) ![i](javascript:x) <javascript:alert(1)>\n",
        "<mailto:a@b.c> <a@b.c> [u](ü/ä?é=ß) [sp](<a b>) [t](~x^y{z}|`)\n",
        // Entities and escapes.
        "&nbsp; &copy; &#35; &#x22; &#0; &hellip; \\* \\\\ \\<\n",
        // Tabs, trailing spaces, CR line endings.
        "\tcode\n  \t\tx\n",
        "a\r\nb\rc\n\r\n- x\r- y\r",
        "",
        "\n\n\n",
    ]

    @Test(arguments: cases)
    func matchesCmark(_ markdown: String) {
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = Oracle.ours(markdown, options: renderOptions)
            let cmark = CmarkReference.html(markdown, options: cmarkOptions)
            #expect(ours == cmark, "\(renderOptions): \(Oracle.firstDifference(ours, cmark))")
        }
    }

    /// Every ASCII byte and some non-ASCII characters in a link destination,
    /// its title, an image source and code: `houdini_escape_href` and
    /// `escape_html` byte for byte.
    @Test func everyByteInURLsAndText() {
        var ascii = ""
        for value in UInt8(0x21)...UInt8(0x7E)
        where value != UInt8(ascii: "<") && value != UInt8(ascii: ">")
            && value != UInt8(ascii: "\\")
        {
            ascii.unicodeScalars.append(Unicode.Scalar(value))
        }
        let destination = ascii + "é€😀"
        let markdown = "[x](<\(destination)>) ![y](<\(destination)>) `\(ascii)` \\<\\>\\\\\n"
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = Oracle.ours(markdown, options: renderOptions)
            #expect(ours == CmarkReference.html(markdown, options: cmarkOptions))
        }
        // An independent spot check of the href escaping.
        let html = Oracle.ours("[x](<a b&c'd~é\"`>)", options: .init())
        #expect(html == "<p><a href=\"a%20b&amp;c&#x27;d~%C3%A9%22%60\">x</a></p>\n")
    }

    /// Safe mode replaces raw HTML and empties dangerous URLs; unsafe keeps them.
    @Test func safeAndUnsafeDefaults() {
        let markdown = "<div>x</div>\n\n[a](javascript:x)\n"
        #expect(Oracle.ours(markdown, options: .init()) == "<!-- raw HTML omitted -->\n<p><a href=\"\">a</a></p>\n")
        #expect(
            Oracle.ours(markdown, options: .init(unsafe: true))
                == "<div>x</div>\n<p><a href=\"javascript:x\">a</a></p>\n")
        #expect(
            HTMLRenderer.RenderOptions()
                == HTMLRenderer.RenderOptions(unsafe: false, hardBreaks: false, noBreaks: false))
    }

    /// Smart punctuation, parsed with `smartPunctuation` and rendered: as
    /// cmark renders with `CMARK_OPT_SMART`.
    @Test func smartPunctuation() {
        let markdown = "\"Hello,\" she said -- 'twas --- so... ![\"a\"](b)\n"
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = Oracle.ours(markdown, smart: true, options: renderOptions)
            #expect(ours == CmarkReference.html(markdown, options: cmarkOptions.union(.smart)))
        }
    }

    /// `render(block:inTightList:)` of nested blocks: a list is its open
    /// tag, its items rendered with the list's tightness, and its close tag.
    @Test func listFragmentsFromItems() {
        let markdown = "- a\n- b\n  - c\n\n    d\n- e\n\n1. x\n2. y\n\n3) z\n"
        let tree = MarkdownParser(options: .commonMark).parse(markdown)
        let renderer = HTMLRenderer()
        var checked = 0
        tree.forEach { block in
            guard case .list(let attributes) = block.kind else { return }
            let open =
                attributes.kind == .bullet
                ? "<ul>\n" : attributes.start == 1 ? "<ol>\n" : "<ol start=\"\(attributes.start)\">\n"
            let close = attributes.kind == .bullet ? "</ul>\n" : "</ol>\n"
            let items = block.children.map { renderer.render(block: $0, inTightList: attributes.tight) }.joined()
            #expect(renderer.render(block: block) == open + items + close)
            checked += 1
        }
        #expect(checked == 4)
        // A paragraph directly in a tight item renders without <p>.
        let paragraph = Block(id: "e0", kind: .paragraph(inlines: [.text("a<b")]), range: 0..<3)
        #expect(renderer.render(block: paragraph, inTightList: true) == "a&lt;b")
        #expect(renderer.render(block: paragraph) == "<p>a&lt;b</p>\n")
    }
}
