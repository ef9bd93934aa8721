import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// The GitHub extensions' nodes, built by hand (independently of the GFM
/// parser), render exactly as `cmark-gfm -e table -e strikethrough -e
/// autolink -e tasklist` renders the Markdown they stand for, in safe and
/// unsafe mode. The tests fail when `cmark-gfm` is not installed.
@Suite struct GFMRenderingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var markdown: String
        var blocks: [Block]
        var testDescription: String { markdown.debugDescription }
    }

    // MARK: Builders

    private static func cell(_ inlines: Inline...) -> TableCell { TableCell(inlines: inlines, range: 0..<0) }
    private static func cell(_ text: String) -> TableCell { TableCell(inlines: [.text(text)], range: 0..<0) }
    private static func block(_ kind: BlockKind, _ children: [Block] = []) -> Block {
        Block(id: "e0", kind: kind, range: 0..<0, children: children)
    }
    private static func paragraph(_ inlines: Inline...) -> Block { block(.paragraph(inlines: inlines)) }
    private static func row(_ cells: TableCell...) -> Block { block(.tableRow(cells: cells)) }
    private static func table(_ alignments: [TableAlignment], _ header: [TableCell], _ rows: [Block]) -> Block {
        block(.table(TableAttributes(alignments: alignments, header: header)), rows)
    }
    private static func list(_ kind: ListAttributes.Kind, tight: Bool, _ items: [Block]) -> Block {
        block(
            .list(ListAttributes(kind: kind, start: 1, delimiter: kind == .bullet ? .none : .period, tight: tight)),
            items)
    }
    private static func item(_ task: TaskState?, _ children: Block...) -> Block { block(.item(task: task), children) }

    static let cases: [Case] = [
        Case(
            markdown: "| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 |\n| x | y | z | w |\n",
            blocks: [
                table(
                    [.left, .center, .right], [cell("a"), cell("b"), cell("c")],
                    [row(cell("1"), cell("2")), row(cell("x"), cell("y"), cell("z"), cell("w"))])
            ]),
        Case(markdown: "| h |\n|---|\n", blocks: [table([.none], [cell("h")], [])]),
        Case(
            markdown: "| a | b |\n|---|:--|\n|1|2|\n\nafter\n",
            blocks: [
                table([.none, .left], [cell("a"), cell("b")], [row(cell("1"), cell("2"))]),
                paragraph(.text("after")),
            ]),
        Case(
            markdown: "| *a* | `b\\|c` |\n| --- | --- |\n| [l](u \"t\") | ~~s~~ |\n| <b>x</b> | & < \" |\n",
            blocks: [
                table(
                    [.none, .none], [cell(.emphasis([.text("a")])), cell(.code("b|c"))],
                    [
                        row(
                            cell(.link(destination: "u", title: "t", children: [.text("l")])),
                            cell(.strikethrough([.text("s")]))),
                        row(cell(.html("<b>"), .text("x"), .html("</b>")), cell("& < \"")),
                    ])
            ]),
        Case(
            markdown: "> | a |\n> |---|\n> | b |\n",
            blocks: [block(.blockQuote, [table([.none], [cell("a")], [row(cell("b"))])])]),
        Case(
            markdown: "- [ ] foo\n- [x] bar\n",
            blocks: [
                list(
                    .bullet, tight: true,
                    [item(.unchecked, paragraph(.text("foo"))), item(.checked, paragraph(.text("bar")))])
            ]),
        Case(
            markdown: "- [ ] foo\n\n- [x] bar\n\n  more\n- [ ] \n",
            blocks: [
                list(
                    .bullet, tight: false,
                    [
                        item(.unchecked, paragraph(.text("foo"))),
                        item(.checked, paragraph(.text("bar")), paragraph(.text("more"))),
                        item(.unchecked),
                    ])
            ]),
        Case(
            markdown: "1. [x] ~~del~~ www.example.com\n2. [ ] task <https://a.b>\n",
            blocks: [
                list(
                    .ordered, tight: true,
                    [
                        item(
                            .checked,
                            paragraph(
                                .strikethrough([.text("del")]), .text(" "),
                                .link(
                                    destination: "http://www.example.com", title: "",
                                    children: [.text("www.example.com")]))),
                        item(
                            .unchecked,
                            paragraph(
                                .text("task "),
                                .link(destination: "https://a.b", title: "", children: [.text("https://a.b")]))),
                    ])
            ]),
        Case(
            markdown: "- [ ] a\n  - [x] b\n\n    | t |\n    |---|\n",
            blocks: [
                list(
                    .bullet, tight: true,
                    [
                        item(
                            .unchecked, paragraph(.text("a")),
                            list(
                                .bullet, tight: false,
                                [item(.checked, paragraph(.text("b")), table([.none], [cell("t")], []))]))
                    ])
            ]),
        Case(
            markdown: "~~a *b*~~ and ~c~ ![x ~~y~~](i.png)\n",
            blocks: [
                paragraph(
                    .strikethrough([.text("a "), .emphasis([.text("b")])]), .text(" and "),
                    .strikethrough([.text("c")]),
                    .text(" "),
                    .image(source: "i.png", title: "", children: [.text("x "), .strikethrough([.text("y")])]))
            ]),
        Case(
            markdown: "Visit www.commonmark.org/help and foo@bar.baz or https://x.y/a?b=c&d.\n",
            blocks: [
                paragraph(
                    .text("Visit "),
                    .link(
                        destination: "http://www.commonmark.org/help", title: "",
                        children: [.text("www.commonmark.org/help")]),
                    .text(" and "),
                    .link(destination: "mailto:foo@bar.baz", title: "", children: [.text("foo@bar.baz")]),
                    .text(" or "),
                    .link(destination: "https://x.y/a?b=c&d", title: "", children: [.text("https://x.y/a?b=c&d")]),
                    .text("."))
            ]),
    ]

    @Test(arguments: cases)
    func matchesCmarkGFM(_ testCase: Case) throws {
        let document = Block(id: .document, kind: .document, range: 0..<0, children: testCase.blocks)
        for unsafe in [false, true] {
            let expected = try CmarkGFM.html(testCase.markdown, unsafe: unsafe)
            #expect(!expected.isEmpty)
            let renderer = HTMLRenderer(options: .init(unsafe: unsafe))
            let ours = renderer.render(document)
            #expect(ours == expected, "unsafe: \(unsafe)\n\(Oracle.firstDifference(ours, expected))")
            #expect(testCase.blocks.map { renderer.render(block: $0) }.joined() == expected)
        }
    }

    /// The exact markup of one table, spelled out.
    @Test func tableMarkup() {
        let html = HTMLRenderer().render(
            block: Self.table([.center, .none], [Self.cell("h"), Self.cell("i")], [Self.row(Self.cell("d"))]))
        #expect(
            html == """
                <table>
                <thead>
                <tr>
                <th align="center">h</th>
                <th>i</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td align="center">d</td>
                <td></td>
                </tr>
                </tbody>
                </table>

                """)
    }
}
