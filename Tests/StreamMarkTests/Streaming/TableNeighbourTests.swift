import StreamMark
import Testing

/// Tables next to what can end, interrupt or follow them: setext
/// underlines, list items, block quotes, fences and definition-like rows.
/// Each case streamed one byte at a time through the prefix harness once
/// differed from the one-shot parse of some prefix (found by seeded table
/// documents).
@Suite struct TableNeighbourTests {
    /// A table of one column needs no pipe (`:--`): its cells still see
    /// the document's definitions, in a window without the pipes of the
    /// earlier rows too.
    @Test(arguments: [
        "[ref]: /u\n\nh0\n:--\na|\n[ref]\n", "[x]: /u\n\nh\n:-:\n0 |\n[x]\n",
        "[ref]: /u\n# h\nh0\n:--\n<b>***\nwww.a.com`c`_g_\n日| : | 1.\\| |\n[ref]: /late\n",
    ])
    func cellsOfAPipelessTableSeeDefinitions(text: String) {
        expectStreamsLikeOneShot(text)
    }

    /// One-shot, a table without a pipe in its header or delimiter row
    /// links its cells as cmark-gfm does.
    @Test func pipelessTableLinksItsCells() {
        let root = MarkdownParser().parse("[x]: /u\n\nh\n:--\n[x]\n")
        guard case .table = root.children.first?.kind,
            case .tableRow(let cells)? = root.children[0].children.first?.kind
        else {
            Issue.record("no table: \(root)")
            return
        }
        #expect(cells.first?.inlines == [.link(destination: "/u", title: "", children: [.text("x")])])
    }

    /// A setext heading whose first line starts with `#` but no ATX
    /// opener (`#x`, `` #``` ``) is a table when its lines hold one, as any
    /// setext heading is; taken for an ATX heading it stayed a heading, and
    /// rows closed while the table streamed went missing at the underline.
    @Test(arguments: [
        "#x\n|:-:|\n| **f**\n1|\n=\n", "#```\n|:-:|\n | **f**[x](/u)](\n\\| : | \\ |\n1|  | ~~~ |\n | `c`  \n=  \n",
        "####### a\n|-|\nb\n===\n",
    ])
    func setextHeadingStartingWithHash(text: String) {
        expectStreamsLikeOneShot(text)
        #expect(MarkdownParser().parse(text).children.first?.kind.name == "table")
    }

    /// A definition on the line that closed a fence inside a container
    /// (cmark ends the fence at the end of that line) still updates the
    /// frozen blocks that use its label.
    @Test(arguments: [
        "> See [ref].\n\n- item\n  ```\n[ref]: /u\n", "> See [ref].\n\n- item\n  ```\n[ref]: /u\n\nx\n",
        "> See [ref].\n\n> ~~~\n[ref]: /u\n",
    ])
    func definitionOnTheLineThatClosedAFence(text: String) {
        expectStreamsLikeOneShot(text)
    }

    /// Lines after a table that are parsed again with the block after them
    /// end where cmark ends them in the document: before the next line, or
    /// for a fence in a quote at the end of the line that closed it.
    @Test(arguments: [
        "# h\n|  |\n--:\n   | \n> ~~~\n| [ref]: /d[ref] |  |\n", "a | b\n-|-\n    x\n- y\n\\  \n> q\n",
        "a | b\n-|-\n    x\n- y\n> q\n", "a | b\n-|-\n    x\n- y\n\n> q\n",
    ])
    func linesAfterATableEndAsInTheDocument(text: String) {
        expectStreamsLikeOneShot(text)
    }

    /// The line after a `===` underline that a table took as a row starts
    /// a paragraph for cmark, where `[x]: /u` is a definition and no row:
    /// the table's window never starts at such a row.
    @Test(arguments: [
        "a|b\n-|-\nc\n=\n[x]: /u\n", "a|b\n-|-\nc\n=\n[x]: /u\nd\n", "a|b\n-|-\nc\n=\n=\n[x]: /u\n",
        "=``d``http://b.org/x|\n|--:|\n| ``` |\n~| x |\r\n=\r\n[ref]: /late\n",
        // A definition split over two lines, its destination on the second.
        "[x]\n\na|b\n-|-\nc\n=\n[x]:\n/u\n",
    ])
    func rowAfterASetextUnderline(text: String) {
        expectStreamsLikeOneShot(text)
    }

    private func expectStreamsLikeOneShot(_ text: String) {
        let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: .everyByte)
        #expect(report.violations.isEmpty, "\(report.violations.prefix(1))")
    }

    /// A definition arriving after a table closed links the table's header
    /// cells: an update of the closed table that the harness counts as a
    /// definition update, not as a closed block that changed (its
    /// alignments and cell ranges stay).
    @Test func lateDefinitionUpdatesAClosedTableHeader() {
        let text = "| [ref] | b |\n|---|:-:|\n| a | [ref] |\n\nafter\n\n[ref]: /late\n"
        let report = PrefixHarness().verify(name: "late header", bytes: Array(text.utf8), chunking: .everyByte)
        #expect(report.passed, "\(report.summaryLine)")
        #expect(report.definitionUpdates >= 2, "\(report.summaryLine)")
    }
}
