import StreamMark
import Testing

/// The shape of the trees the table extension builds: ids, ranges, cells,
/// alignments, and the paragraph split off before a header.
@Suite struct TableTreeTests {
    static func parse(_ text: String, _ extensions: ParseOptions.Extensions = .gfm) -> Block {
        MarkdownParser(options: ParseOptions(extensions: extensions)).parse(text)
    }

    static func text(_ cell: TableCell) -> String { cell.inlines.plainText }

    @Test func tableKeepsTheParagraphIdAndRowsTakeTheirLineOffsets() throws {
        let source = "| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 |\n"
        let document = Self.parse(source)
        #expect(document.children.count == 1)
        let table = try #require(document.children.first)
        guard case .table(let attributes) = table.kind else {
            Issue.record("not a table: \(table.kind)")
            return
        }
        #expect(table.id == "e0")
        #expect(table.range == 0..<source.utf8.count - 1)
        #expect(attributes.alignments == [.left, .right])
        #expect(attributes.header.map(Self.text) == ["a", "b"])
        #expect(attributes.header.map(\.range) == [2..<3, 6..<7])
        #expect(table.children.map(\.id) == ["e20", "e30"])
        guard case .tableRow(let first) = table.children[0].kind, case .tableRow(let second) = table.children[1].kind
        else {
            Issue.record("rows are not table rows")
            return
        }
        #expect(first.map(Self.text) == ["1", "2"])
        #expect(first.map(\.range) == [22..<23, 26..<27])
        // A short row is padded with an empty cell at the row's end.
        #expect(second.map(Self.text) == ["3", ""])
        #expect(second[1].range == 35..<35)
        #expect(table.children[1].range == 30..<35)
    }

    @Test func linesBeforeTheHeaderStayAParagraph() throws {
        let source = "intro *x*\nmore\n| a |\n| - |\n| b |\n"
        let document = Self.parse(source)
        #expect(document.children.map(\.kind.name) == ["paragraph", "table"])
        let paragraph = document.children[0]
        #expect(paragraph.id == "e0")
        #expect(paragraph.range == 0..<14)
        #expect(paragraph.kind.inlines == [.text("intro "), .emphasis([.text("x")]), .softBreak, .text("more")])
        #expect(document.children[1].id == "e15")
        #expect(document.children[1].children.map(\.id) == ["e27"])
    }

    @Test func cellsHoldInlineMarkdownAndEscapedPipes() throws {
        let document = Self.parse("| *a* | `b\\|c` | d \\| e |\n|---|---|---|\n| [l](u) | ~~s~~ | www.x.com |\n")
        guard case .table(let attributes) = document.children.first?.kind,
            case .tableRow(let row)? = document.children.first?.children.first?.kind
        else {
            Issue.record("no table")
            return
        }
        #expect(attributes.header[0].inlines == [.emphasis([.text("a")])])
        #expect(attributes.header[1].inlines == [.code("b|c")])
        #expect(attributes.header[2].inlines == [.text("d | e")])
        #expect(row[0].inlines == [.link(destination: "u", title: "", children: [.text("l")])])
        #expect(row[1].inlines == [.strikethrough([.text("s")])])
        #expect(row[2].inlines == [.link(destination: "http://www.x.com", title: "", children: [.text("www.x.com")])])
    }

    @Test func tablesInsideContainers() throws {
        let document = Self.parse("> | a |\n> | - |\n> | b |\n\n- x\n\n  | c |\n  | - |\n")
        let quote = document.children[0]
        #expect(quote.children.map(\.kind.name) == ["table"])
        #expect(quote.children[0].id == "e2")
        #expect(quote.children[0].children.map(\.id) == ["e18"])
        let item = document.children[1].children[0]
        #expect(item.children.map(\.kind.name) == ["paragraph", "table"])
        #expect(item.children[1].id == "e32")
    }

    @Test func headerAndDelimiterMustAgree() {
        #expect(Self.parse("| a | b |\n| - |\n").children.map(\.kind.name) == ["paragraph"])
        #expect(Self.parse("| a |\n| - | - |\n").children.map(\.kind.name) == ["paragraph"])
        // A setext underline wins over a one-column delimiter row.
        #expect(Self.parse("| a |\n---\n").children.map(\.kind.name) == ["heading"])
    }

    @Test func linesThatEndATableBecomeBlocksAgain() {
        let document = Self.parse("| a |\n| - |\n| b |\n    code\n2. item\n")
        #expect(document.children.map(\.kind.name) == ["table", "code_block", "list"])
        // cmark's indented code block starts after its indentation.
        #expect(document.children[1].id == "e22")
        let setext = Self.parse("| a |\n| - |\n| b |\n---\n")
        #expect(setext.children.map(\.kind.name) == ["table", "thematic_break"])
        #expect(setext.children[1].id == "e18")
    }

    @Test func switchedOffTablesStayParagraphs() {
        let source = "| a |\n| - |\n| ~~b~~ |\n"
        let tree = Self.parse(source, [.strikethrough])
        #expect(tree.children.map(\.kind.name) == ["paragraph"])
        #expect(
            tree.children[0].kind.inlines == [
                .text("| a |"), .softBreak, .text("| - |"), .softBreak, .text("| "), .strikethrough([.text("b")]),
                .text(" |"),
            ])
        #expect(Self.parse(source, .none) == MarkdownParser(options: .commonMark).parse(source))
    }

    /// cmark-gfm counts a table without body rows as ending in a blank line.
    @Test func emptyTablesLoosenLists() throws {
        let loose = Self.parse("- | c |\n  | - |\n- d\n").children[0]
        let tight = Self.parse("- | c |\n  | - |\n  | e |\n- d\n").children[0]
        guard case .list(let a) = loose.kind, case .list(let b) = tight.kind else {
            Issue.record("not lists")
            return
        }
        #expect(!a.tight)
        #expect(b.tight)
    }

    /// The layer is a function of each block's own source: a table parses
    /// to the same blocks (shifted) wherever it sits in a document.
    @Test(arguments: ["", "text\n\n", "# h\n", "> q\n\n", "- l\n\n", "```\nc\n```\n"])
    func independentOfWhatPrecedes(_ prefix: String) {
        let table = "x\n| a | b |\n|---|:-:|\n| `1|2` | www.a.com ~~s~~ |\n"
        let alone = Self.parse(table).children
        let after = Self.parse(prefix + table).children
        let shift = prefix.utf8.count
        let tail = Array(after.suffix(alone.count))
        #expect(tail.count == alone.count)
        for (a, b) in zip(alone, tail) {
            #expect(a.kind.name == b.kind.name)
            #expect(b.range == a.range.lowerBound + shift..<a.range.upperBound + shift)
            #expect(b.id == .source(a.range.lowerBound + shift))
            #expect(b.children.map(\.id) == a.children.map { BlockID.source($0.range.lowerBound + shift) })
        }
    }
}
