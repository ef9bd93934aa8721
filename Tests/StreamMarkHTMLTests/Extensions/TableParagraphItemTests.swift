import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// A list item that cmark read as the text of a table's paragraph (an
/// item that cannot interrupt a paragraph, `2.` or empty), with a table of
/// its own, a line that may leave it, and the blocks after it, compared
/// with cmark-gfm byte for byte. The lines after the first table are
/// parsed again together with the blocks they take in (`TableBuilder`),
/// and the text after a line that leaves the item's table with them
/// (`ExtensionWalker`'s escape).
@Suite struct TableParagraphItemTests {
    /// Stop 51's fixes, each differing before it but the one marked (the
    /// last two in their raw HTML and at every byte).
    static let findings = [
        // The lost paragraph of stop 50's fuzz hour: `S`, which the rest
        // took into the item, was dropped with the item's end.
        "a|b\n-|-\n2. e|b\n   -|-\nx\n\n   S\n",
        // A fence the rest leaves open holds the blank lines after it:
        // after a table's rest, a rest in a container, a rest in an item.
        "a|b\n-|-\n2. e\n   -|-\n   f|g\nx|y\n   ```\n\n", "- x\n  a|b\n  -|-\n  3) e|b\n     -|-\n  c|d\n  ```\n\n",
        "- a|b\n  - e\n  a|b\n    -|-\n  x\n  ```\n\n",
        // Loose or tight again once the rest is in place: a blank line
        // cmark counted inside the nested item now lies between the outer
        // item's children, or one it counted between them now lies inside
        // the nested item.
        "- x\n  1. e|b\n     -|-\n     x\n  c|d\n  \n     S\n", "- x\n  a|b\n  -|-\n  c|d\n  3) e\n\n     S",
        // Matched before: indented code's range runs over the blank line
        // after it, which still makes the list loose.
        "- x\n  a|b\n  -|-\n  c|d\n  3) \n     f|g\n  \n         code\n    \n- u",
        // A quote the rest ends with goes on into the quote after the item.
        "- a|b\n  -|-\n|\n  > q\n> q", "- a|b\n  -|-\n|\n  > q\n\n> q",
        // Lazy lines that continue a paragraph the rest opened in an item
        // start no block there: one, a run, and a run after a line that
        // has the prefixes.
        "> a|b\n> -|-\n> 10. e\n    - t", "> - x\n>   a|b\n>   -|-\n>   10. e\n    - t\n    ```\n",
        "> a|b\n> -|-\n> 10. e\n|\n>     S\n    - t\n",
        // A blank line without `>` ends the quote and the fence in it.
        "> a|b\n> -|-\n> 2. v\n>    ```\n  \n",
        // An HTML block left open in the item (its text, with raw HTML kept).
        "a|b\n-|-\n2. v\n   <!--\n\n", "a|b\n-|-\n- e|b\n  -|-\nx\n2. v\n- u\n  \n  - t\n\n  <!--\n  \n",
    ]

    @Test(arguments: findings)
    func findingMatchesCmarkGFM(_ markdown: String) throws {
        try GFMOracle.expectMatch(markdown)
    }

    /// A table at the margin, in a list item or a quote, the item cmark read as its
    /// text with a table of its own, a line that leaves that table or stays
    /// in the item, then up to six lines of paragraphs, lists, quotes,
    /// code, rows and blank lines at either indentation, a fence, HTML or
    /// math block left open at the end, and line endings of both kinds.
    static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &* 0x51A3_9E27 &+ 11)
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        func any(_ options: [String]) -> String { options.randomElement(using: &random)! }
        let (first, margin) = [("", ""), ("", ""), ("- ", "  "), ("> ", "> "), ("> - ", ">   ")]
            .randomElement(using: &random)!
        var text = first + any(["a|b\n", "x\n" + margin + "a|b\n"]) + margin + "-|-\n"
        if chance(30) { text += margin + "c|d\n" }
        let marker = any(["2. ", "3) ", "1. ", "- ", "* ", "2. ", "10. "])
        let indent = String(repeating: " ", count: marker.utf8.count)
        text += margin + marker + any(["e|b\n", "e\n", "\n"]) + margin + indent + "-|-\n"
        if chance(30) { text += margin + indent + "f|g\n" }
        text += any([margin, ""]) + any(["x\n", "|\n", "x|y\n", indent + "x\n", "[x]: /u\n"])
        let followers = [
            "\n", indent + "S\n", indent + "- t\n", "- u\n", "2. v\n", "x\n", "> q\n", indent + "    code\n",
            "c|d\n", indent + "a|b\n" + margin + indent + "-|-\n", "   S\n", "[x]\n", "  \n",
        ]
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            text += any([margin, margin, ""]) + any(followers)
        }
        if chance(30) {
            text += any([margin, ""]) + any([indent + "```\n", "```\n", indent + "<!--\n", indent + "$$\n"])
            text += any(["", "\n", "\n\n", "  \n"])
        }
        if chance(30) {
            while text.hasSuffix("\n") { text.removeLast() }
        }
        if chance(10) { text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") }
        return text
    }

    @Test(arguments: 0..<4)
    func randomDocumentsMatchCmarkGFM(batch: Int) throws {
        let first = batch * 100
        try GFMOracle.expectMatch(seeds: first..<first + 100) { Self.document(seed: UInt64($0)) }
    }

    /// With raw HTML kept, the HTML blocks' text too: an HTML block left
    /// open in an item at the end held the parse's own blank lines after
    /// the lines (`2. v` / `   <!--`; every batch differs before).
    @Test(arguments: 0..<2)
    func randomDocumentsKeepRawHTMLAsCmarkGFM(batch: Int) throws {
        for seed in UInt64(batch * 200)..<UInt64(batch * 200 + 200) {
            try Self.expectMatchKeepingRawHTML(Self.document(seed: seed))
        }
    }

    /// Lines after a table in a container that cmark read as the table
    /// paragraph's text and cmark-gfm as two blocks or more (indented
    /// code, then an HTML block of kind 7), before a line that leaves the
    /// container: the second block was lost (`- a|b` / `  -|-` /
    /// `      code` / `  <a>` / `z`), as the line leaving was set before
    /// the blocks were transformed, which stopped after the first.
    static let restsOfTwoBlocks = [
        "- a|b\n  -|-\n      code\n  <a>\nz\n", "> a|b\n> -|-\n>     code\n> <a>\nz\n",
        "- a|b\n  -|-\n      code\n  <a>\n  2. v\nz\n\nS\n",
    ]

    @Test(arguments: restsOfTwoBlocks)
    func restOfTwoBlocksKeepsBoth(_ markdown: String) throws {
        try Self.expectMatchKeepingRawHTML(markdown)
    }

    /// A table in a container, then up to five lines cmark reads as its
    /// paragraph's text (indented code, HTML of kind 7, an item that
    /// cannot interrupt a paragraph, rows), a line without the container's
    /// prefix, and a follower or two. No HTML line follows an item's: in
    /// CommonMark 0.30 (libcmark) a kind-7 line that misses the item's
    /// indentation is the paragraph's lazy text, in 0.29 (cmark-gfm) an
    /// HTML block, a core difference.
    static func restDocument(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &* 0x2545_F491 &+ 7)
        func any(_ options: [String]) -> String { options.randomElement(using: &random)! }
        let (first, margin) = [("- ", "  "), ("> ", "> "), ("1. ", "   "), ("> - ", ">   "), ("- > ", "  > ")]
            .randomElement(using: &random)!
        var text = first + "a|b\n" + margin + "-|-\n"
        let blocks = ["    code\n", "c|d\n", "      more\n", "   t\n"]
        let html = ["<a>\n", "<b x>\n"]
        let items = ["2. v\n", "10) w\n"]
        var afterItem = false
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let line = any(blocks + items + (afterItem ? [] : html))
            afterItem = afterItem || items.contains(line)
            text += margin + line
        }
        text += any(["z\n", "[x]: /u\n", "|\n", "- u\n"])
        for _ in 0..<Int.random(in: 0...2, using: &random) { text += any(["\n", "S\n", margin + "q\n", "[x]\n"]) }
        return text
    }

    @Test func randomRestsMatchCmarkGFM() throws {
        for seed in UInt64(0)..<300 { try Self.expectMatchKeepingRawHTML(Self.restDocument(seed: seed)) }
    }

    @Test func randomRestsStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<80, Self.restDocument)
    }

    /// Our HTML with raw HTML kept equals cmark-gfm's with `--unsafe`.
    static func expectMatchKeepingRawHTML(_ markdown: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let tree = MarkdownParser(options: ParseOptions(extensions: .gfm)).parse(bytes: Array(markdown.utf8))
        let ours = HTMLRenderer(options: HTMLRenderer.RenderOptions(unsafe: true)).render(tree)
        let arguments = ["--unsafe"] + ["table", "strikethrough", "autolink", "tasklist"].flatMap { ["-e", $0] }
        let theirs = try GFMOracle.output(Array(markdown.utf8), arguments: arguments)
        #expect(ours == theirs, "\(markdown.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func randomDocumentsStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<100, Self.document)
    }

    @Test func findingsStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<UInt64(Self.findings.count)) {
            Self.findings[Int($0)]
        }
    }
}
