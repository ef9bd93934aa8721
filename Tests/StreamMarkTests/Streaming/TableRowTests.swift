import StreamMark
import Testing

/// The table row (`IncrementalEngine+TableRow.swift`): an append that only
/// lengthens the open table's last row rebuilds that row from its line,
/// without parsing the header again. Each condition is shown in both
/// directions by hand, seeded tables mix the constructs a cell can hold,
/// and a long table shows the bound.
@Suite struct TableRowTests {
    /// Appends inside a row that starts with a byte that starts no block,
    /// whatever the cells hold (each table has a row before: a table with
    /// one row is not narrowed yet).
    @Test(arguments: [
        ("a | b\n|---|---|\n| 0\n| x", " *y*"), ("a | b\n|---|---|\n| 0\n| x | `co", "de` |"),
        ("a | b\n|-|-|\n0\n[`t`](/p", "/x) | notes"), ("a | b\n|-|-|\n0\nfoo | ba", "r | extra | cells"),
        ("[x]: /u\n\na | b\n|-|-|\n0\n| [x", "] | y"), ("a | b\n|-|-|\n0\n| www.a", ".com |"),
        ("a | b\n|-|-|\n| x\n| y", " \\| z"), ("a | b\n|:-:|--:|\n0\n日本 | 語", "の*表*"),
        ("a | b\n|-|-|\n0\n`x` | y", " ~~s~~"), ("a | b\n|-|-|\n0\n| <b", ">x</b> |"),
        ("a | b\n|-|-|\n0\n``", "x``"), ("a\n:-:\n0\nx", " *y*"),
    ])
    func rowAppendsRebuildTheRow(start: String, appended: String) {
        expectTwoAppends(start, appended, counting: 1, of: \.tableRowAppends)
    }

    /// Appends the window parse must take: a row line that may start a
    /// block or underline the lines before it, a new line, an append that
    /// leaves the row, a setext underline under the header, a table's only row,
    /// carriers that may hold a code block.
    @Test(arguments: [
        ("a | b\n|-|-|\n0\n-", " x"), ("a | b\n|-|-|\n0\n1", ". x"), ("a | b\n|-|-|\n0\n>", " x"),
        ("a | b\n|-|-|\n0\n=", "="), ("a | b\n|-|-|\n0\n#", " x"), ("a | b\n|-|-|\n0\n``", "`"),
        ("a | b\n|-|-|\n0\n~", "~~"), ("a | b\n|-|-|\n0\n<", "div>"), ("a | b\n|-|-|\n0\n ", "x"),
        ("a | b\n|-|-|\n0\n*", " x"), ("a | b\n|-|-|\n0\n| x", "\n| y"), ("a | b\n|-|-|\n0\n| x", " |\r"),
        ("a\n---\n0\nx", "y"), ("a | b\n|-|-|\n0", " x"),
        ("```\n[x]: /no\n```\n\n[x]: /u\n\na | b\n|-|-|\n0\n| [x", "] |"),
    ])
    func otherAppendsGoToTheWindow(start: String, appended: String) {
        expectTwoAppends(start, appended, counting: 0, of: \.tableRowAppends)
    }

    /// Each append is counted once, as what answered it: an append answered
    /// in place after a paragraph-tail or table-row append is not counted
    /// as one of those again (the flags of the last update were kept).
    @Test func appendsAreCountedOnce() {
        var document = StreamingDocument()
        let pieces = ["one\ntwo", " *three* x", "yz", "\n\na | b\n|-|-|\n0\n| *x", "* y", "\n\nplain", " text"]
        for piece in pieces { document.append(piece) }
        #expect(document.statistics.paragraphTailAppends == 1)
        #expect(document.statistics.tableRowAppends == 1)
        #expect(document.statistics.inPlaceAppends == 2)
    }

    /// Seeded tables whose rows mix the constructs a cell can hold with
    /// line starts that may begin a block, streamed in random chunks
    /// through the prefix-identity harness.
    @Test(arguments: [ParseOptions(), ParseOptions(smartPunctuation: true)])
    func randomTablesThroughTheHarness(options: ParseOptions) {
        let pieces = [
            "x", " y z", " | ", " | ", "|", "\n", "\n", "\n| ", "\n", "`c`", "`", "*e*", "**", "_", "[x]", "[x](/u)",
            "[`n`](/p)", "[", "]", "](", "\\|", "\\", "&amp;", "~~s~~", "~", "www.a.com", "http://b.org", "<b>", "<",
            "!", "日本", "  ", "1. ", "- ", "> ", "# ", "=", "---", "```", "[x]: /d\n", "\r\n", ":", "'q'",
        ]
        let streams = RandomPieceStreams(
            pieces: pieces,
            starts: ["a | b\n|---|:-:|\n| one | two |\n", "[x]: /u\n\nh | i | j\n-|-|-\n", "| h |\n|-|\n"],
            options: options)
        #expect(
            streams.failures.isEmpty, "\(streams.failures.count) of 200 failed; first: \(streams.failures.prefix(2))")
        #expect(streams.tableRowAppends > 300)
    }

    /// A wide header is not parsed again while a row streams in: 300 rows
    /// of about 70 bytes under a 5-column header of about 110 bytes, 4-byte
    /// appends. The window parse takes the header with the row (over 160
    /// bytes): without the row extension 4,450 appends did. Now only the
    /// appends that start a row do: one per row, two when a chunk ends
    /// with the line ending (the next append starts a line the window does
    /// not start at). Within a row, only the cells the new bytes reach are
    /// parsed.
    @Test func longTableParsesItsLastRow() {
        var text = "| target triple | tier | std support | host tools | notes on this platform |\n"
        text += "|---|:-:|---|---|---|\n"
        for i in 0..<300 { text += "[`arch\(i)-vendor-os`](platform/\(i).md) | \(i % 3) | ✓ | * | OS \(i)\n" }
        let bytes = Array(text.utf8)
        var document = StreamingDocument()
        var headerParses = 0
        var rowParsed = 0
        for start in stride(from: 0, to: bytes.count, by: 4) {
            let rowAppends = document.statistics.tableRowAppends
            document.append(bytes: bytes[start..<min(start + 4, bytes.count)])
            if document.statistics.lastParsedBytes > 80 { headerParses += 1 }
            if document.statistics.tableRowAppends > rowAppends { rowParsed += document.statistics.lastParsedBytes }
        }
        document.finish()
        #expect(document.root == MarkdownParser().parse(text))
        #expect(headerParses <= 400, "\(headerParses) appends parsed the header again")
        let rowAppends = document.statistics.tableRowAppends
        #expect(rowAppends > bytes.count / 8)
        // Only the cells the new bytes reach are parsed: the cells before
        // them keep their inlines (27 bytes per append when every cell of
        // the row was parsed again, 14 now).
        #expect(rowParsed <= 20 * rowAppends, "\(rowParsed) cell bytes parsed in \(rowAppends) row appends")
    }
}
