import StreamMark
import Testing

/// The differential fuzzer's findings (see `FuzzFindingTests` in the HTML
/// tests) streamed through the prefix harness at every byte and at a few
/// mixed chunkings.
@Suite struct FuzzFindingStreamingTests {
    /// The streaming gap of stop 50, a finding of its fuzz hour: the
    /// unfinished document (no line ending after `f`) parsed in one piece
    /// dropped the paragraph `f`, which the byte-by-byte stream showed.
    /// The rest of the escape at `x` now runs over the list the table's
    /// rest took in (stop 51).
    @Test func formerGapStreamsLikeOneShot() {
        let markdown = "a|b\n-|-\n2. e|b\n   -|-\nx\n   - t\n\nf"
        Self.expectStreamsLikeOneShot(markdown)
        var document = StreamingDocument()
        _ = document.append(markdown)
        let last = document.root.children.last
        #expect(document.root.children.count == 5)
        #expect(last.map { String(decoding: Array(markdown.utf8)[$0.range], as: UTF8.self) } == "f")
    }

    static let lineEndings = [
        "a|b\n-|-\r", "a|b\r-|-\r", "a|b\r-|-\rc|d", "a|b\n-|-\nc|d\r", "a|b\n-|-\r\r", "- a|b\n  -|-\r",
        "> a|b\r> -|-\r> c\r", "a|b\r-|-\r    x\r\r    y\r", "a|b\r-|-\rc|d\re|f\r\r[x]\r",
    ]

    /// A lazy line keeps its indentation in the paragraph's content, from
    /// which cmark-gfm reads the header row: ` |` is a row of one empty cell.
    static let lazyHeaders = [
        "2. :\n |\n   -|", "2. D\n |\n   |-", "> :\n |\n> -|", "> - :\n>  |\n>   -|", "- a\n |b\n  -|-",
        "- a\n  b\n |b|c\n  -|-", "> a\n b|c\n> -|-\n> d|e", "-\ta\n |\n\t-|",
    ]

    /// A task marker `[x]` that is also a defined label: cmark-gfm takes
    /// the marker off the line before it parses inlines, so it is never a
    /// shortcut link.
    static let taskMarkers = [
        "- [x] \n```\n```\n[x]: r", "- [X] 请求\n\n[x]:t", "- [x] foo\n\n[x]: /u", "1. [X] a\n\n[X]: /u",
        "- [x] \n  j\n\n[x]: r", "- [x] *a*\n\n[x]: /u", "[x]: /u\n\n- [x] a\n- [ ] b\n  - [X] c\n",
    ]

    /// Brackets and line ends around autolinks (`EscapedAutolinkTests`).
    static let autolinkBrackets = [
        "http://i\\\n.", "www.\\\nm", "\\[ www.e", "\\[\nwww.e", "\\[[]http://g", "![[]() www.e",
        "![[]()请求请求~www.a", "a \\] www.b.com \\[c]\n\n[c]: /u", "x http://a.com\\\ny",
    ]

    /// Task marker lines whose rest is blank or a definition (`FuzzFindingTests.taskLines`).
    static let taskLines = [
        "- [x] [2]:t", "- [x] \nj", "- [x] \nj\n- b", "- a\n- [x] \nj", "[2]\n\n- [x] [2]:t",
        "- [x] [2]:t\n  u\n\n[2]", "1. [ ] [a]: /b \"c\"\n[a]", "- [x] \n\n  j", "[2]\n\n> x\n\n- [ ] [2]: /u\n- b\n",
    ]

    /// Runs of backticks near definitions that open no fence, or one a
    /// container closes (`FuzzFindingTests.contextLines`); the first is the
    /// stop-38 fuzz run's `1e479d66`, whose one-shot parse lost the link.
    static let fenceLikeContext = [
        "    ```\n $2$\n[x]:\n,\n\n    \"\n[x]:/", "    ```\n a|b\n-|-\n[x]:\n,\n\n    \"\n[x]:/",
        "> [y]:\n> ```\n\nx \\~ [x] [y]\n\n[x]: /u", "x $1$ [x] [y]\n[y]:\n```\n\n[x]: /u\n```",
    ]

    /// A definition in a list item under a lazy line with a trailing space
    /// (`375acd40`: the scan for definitions took `- [x]:` for the lazy
    /// line's continuation), and one after a fence its list item closed
    /// (`be07e542`: the code block's range ran over it).
    static let definitionsAfterContainers = [
        "[x]\n- b\na \n- [x]:/u", "[x]\n- ]\na \n- [ ] [x]:/", "[x]\n* b\na \n* [x]: /u \"t\"\n",
        "- $2$[63602]\n  ```\n[63602]:\nr", "> $1$ [x]\n> ~~~\n[x]: /u\n",
    ]

    /// One or two dashes under a table: a row, three a thematic break
    /// (`FuzzFindingTests.shortDashRows`); emphasis around a URL whose
    /// domain runs into its closer (`FuzzFindingTests.domainsIntoEmphasis`).
    static let dashesAndDomains = [
        "a|b\n-|-\n--\n", "x\na|b\n-|-\n--\ny\n\n[y]", "a|b\n-|-\n--\n[x]: /u\n\n[x]", "a|b\n-|-\n--\n--\n---\nz",
        "- a|b\n  -|-\n  --\n  c", "_http://s_! _http://s_\n\n_www.s.com_ x _www.s.com_",
    ]

    /// A line that leaves a list item's table, then a blank line and
    /// another item: the list stays tight (`FuzzFindingTests.listsCutByTables`).
    /// A definition in the paragraph before a table's header defines
    /// nothing; the table-row shortcut of a later table parsed a row that
    /// begins like its label with it in scope (the stop-47 fuzz hour's
    /// stream violation, present before): it now declines when the text
    /// in front of the window may hold a delimiter row.
    static let definitionsInTableParagraphs = [
        "[67200]: h\n|` ||` |\n| :-: | --- | :-: |\n\ne` | | `te |\n| :-: | --: | :-: |\n| 2 |\n[67200]: ht",
        "[x]: h\n|a|b|c|\n|-|-|-|\n\nd|e|f\n-|-|-\n2\n[x]: ht", "[x]: h\na|b\n-|-\n\nd|e\n-|-\n2\n[x] y",
        "[x]: h\n[y]: g\n|a|\n|:-|\n\nd|e\n-|-\n2|3\n[y] [x]",
    ]

    static let listsCutByTables = [
        "1. C\n |||\n   -|-|-\na\n\n2.", "- C\n  a|b\n  -|-\n  c|d\nx\n\n- d", "- e\n\n- C\n  a|b\n  -|-\nx\n\n- d",
        "> - C\n>   a|b\n>   -|-\n> x\n>\n> - d\n", "- a\n  - C\n    a|b\n    -|-\n  x\n\n  - d\n",
    ]

    /// E-mail addresses with domains longer than the last-word shortcut's
    /// look-behind: one ending in a digit is no link for cmark-gfm, and a
    /// letter after the digit makes it one (the stop-48 fuzz run's stream
    /// violation, `me@example.comRk…L3` / `m`).
    static let longEmailDomains = [
        "me@example.comRkRFXKyRDAqxEp4yMlDDz6bcuWLW2v0VlHjx41z717927ba22U9APcw7Nnz1oGEPeL3m3p2m",
        "me@example.com" + String(repeating: "a", count: 70) + "5b",
        "x me@a.b" + String(repeating: "7", count: 80) + "q9r x",
        "me@a.b" + String(repeating: "ab1", count: 30) + "2,c",
    ]

    /// Long words of letters and digits, with and without an e-mail address
    /// in front, at every byte.
    @Test func randomLongWordsStreamLikeOneShot() {
        var random = SplitMix64(seed: 0xE3A1)
        for _ in 0..<40 {
            let tail = (0..<Int.random(in: 60...140, using: &random)).map { _ in
                "ab01x9Z,".randomElement(using: &random)!
            }
            let text = ["me@example.", "x ", "a@b.", "http://a.b/"].randomElement(using: &random)! + String(tail)
            let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: .everyByte)
            #expect(report.violations.isEmpty, "\(text.debugDescription): \(report.violations.prefix(1))")
        }
    }

    static let chunkings: [PrefixHarness.Chunking] = [.everyByte, .mixed(seed: 1), .mixed(seed: 2), .fixed(3)]

    static func expectStreamsLikeOneShot(_ text: String) {
        for chunking in chunkings {
            let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: chunking)
            #expect(report.violations.isEmpty, "\(chunking) \(text.debugDescription): \(report.violations.prefix(1))")
            #expect(report.prefixesChecked > 0)
        }
    }

    /// Every finding above, by the list it belongs to.
    static let findings: [(kind: String, text: String)] =
        [
            ("line ending", lineEndings), ("lazy header", lazyHeaders), ("task marker", taskMarkers),
            ("autolink bracket", autolinkBrackets), ("task line", taskLines), ("fence-like context", fenceLikeContext),
            ("definition after a container", definitionsAfterContainers), ("dashes and domains", dashesAndDomains),
            ("list cut by a table", listsCutByTables),
            ("definitions in a table's paragraph", definitionsInTableParagraphs),
            ("long e-mail domain", longEmailDomains),
        ].flatMap { kind, texts in texts.map { (kind, $0) } }

    @Test(arguments: findings)
    func findingStreamsLikeOneShot(kind: String, text: String) {
        #expect(!text.isEmpty, "\(kind)")
        Self.expectStreamsLikeOneShot(text)
    }

    /// The stream violation of stop 56's fuzz hour: an ordered list whose
    /// second item ends with an unfinished table, streamed at the mixed
    /// chunking of seed 11250040, stayed loose where the one-shot parse is
    /// tight. A line `|` after a table without body rows loosens the list
    /// (cmark-gfm's rule), and the engine, freezing the first item, asked
    /// about the open second item too: it froze that looseness, and the
    /// line becoming a body row (`| o`) could not take it back.
    @Test func formerLooseListStreamsLikeOneShot() {
        let text =
            "Here is the solution to the transhipment problem: \n" + "\n" + "**Minimum Transportation Cost:** \n" + "\n"
            + "123456789. To find the minimum transportation cost, we can use the following steps: \n"
            + "1. Create a table for the minimum cost to ship from each plant to the warehouses: \n"
            + "   |          | Kansas City | Louisville |\n" + "   |----------|-------------|------------|\n" + "   | o"
        let report = PrefixHarness().verify(
            name: "loose list", bytes: Array(text.utf8), chunking: .mixed(seed: 11_250_040))
        #expect(report.violations.isEmpty, "\(report.violations.prefix(1))")
        #expect(report.prefixesChecked == 7)
        Self.expectStreamsInTwoChunksLikeOneShot(text)
    }

    /// Lists whose items hold tables with and without body rows, each
    /// followed by a line that may become a row, a paragraph, a blank line
    /// or nothing, streamed in two chunks cut at every byte: the frozen
    /// items' looseness is asked of them alone.
    @Test func randomItemTablesStreamInTwoChunksLikeOneShot() {
        var random = SplitMix64(seed: 0x7AB1E5)
        for _ in 0..<150 {
            let text = Self.listOfItemTables(using: &random)
            Self.expectStreamsInTwoChunksLikeOneShot(text)
        }
    }

    /// A list of 2–4 items; each holds a paragraph and maybe a table with
    /// 0–1 body rows and a following line.
    static func listOfItemTables(using random: inout SplitMix64) -> String {
        let marker = ["- ", "1. ", "10. "].randomElement(using: &random)!
        let pad = String(repeating: " ", count: marker.count)
        var lines: [String] = []
        for item in 0..<Int.random(in: 2...4, using: &random) {
            lines.append(marker + "i\(item)")
            guard Bool.random(using: &random) else { continue }
            lines += [pad + "| x | y |", pad + "|---|---|"]
            if Bool.random(using: &random) { lines.append(pad + "| 1 | 2 |") }
            let next = ["|", "| o", "t", "", "| "].randomElement(using: &random)!
            lines.append(next.isEmpty ? "" : pad + next)
        }
        return lines.joined(separator: "\n") + ["", "\n"].randomElement(using: &random)!
    }

    /// Streams `text` in two chunks cut at each byte and compares each
    /// prefix's tree with its one-shot parse.
    static func expectStreamsInTwoChunksLikeOneShot(_ text: String) {
        let bytes = Array(text.utf8)
        let parser = MarkdownParser()
        for cut in 1..<bytes.count {
            var document = StreamingDocument()
            _ = document.append(bytes: bytes[..<cut])
            #expect(document.root == parser.parse(bytes: bytes[..<cut]), "prefix \(cut): \(text.debugDescription)")
            _ = document.append(bytes: bytes[cut...])
            #expect(document.root == parser.parse(bytes: bytes), "cut at \(cut): \(text.debugDescription)")
        }
    }
}
