import StreamMark
import Testing

/// The paragraph tail (`IncrementalEngine+ParagraphTail.swift`): an append
/// to a long open paragraph parses only the lines after those that leave
/// nothing open. Each rule of ``SettledInlines`` is shown in both
/// directions by hand, the seeded streams mix every construct that reaches
/// across a line, and a long paragraph shows the bound.
@Suite struct ParagraphTailTests {
    /// Lines that settle: what they open is closed, or cannot open.
    @Test(arguments: [
        ("one\ntwo", " *three*"),
        ("one *two* `three` [four](/u) <b>x</b>\ntwo", " *more*"),
        ("a * b and c _ d\ntwo", "* c"),
        ("snake_case and __init__ x\ntwo", "_x_ y"),
        ("x [a] b [c] d\ntwo", "](/u)"),
        ("a < b and 1<2\ntwo", "> c"),
        ("hard break  \ntwo", " *more*"),
        ("backslash\\\ntwo", " *more*"),
        ("one\n    indented continuation", " `more`"),
        ("one\ntwo\nthree", "\nfour five"),
        ("x [a\nb] c\ntwo", " *more*"), ("*e*  \n`` two", " www.x.com"),
    ])
    func settledLinesAreNotParsedAgain(start: String, appended: String) {
        expectTwoAppends(start, appended, counting: 1, of: \.paragraphTailAppends)
    }

    /// Lines that leave something open, which the next line may finish.
    @Test(arguments: [
        ("a `b\ntwo", "` c"),
        ("a *b\ntwo", "* c"),
        ("a*b\ntwo", "* c"),
        ("a _b\ntwo", "_ c"),
        ("a ~b\ntwo", "~ c"),
        ("[a\ntwo", "](/u)"),
        ("[a](\ntwo", "/u)"),
        ("[a][\ntwo", "x]"),
        ("a <b\ntwo", "c>"),
        ("a <!--\ntwo", " -->"),
        ("a <\ntwo", "x"),
        ("&#91;a&#93; [b\ntwo", "] x"), ("a&lowbar;_b\ntwo", "_ c"), ("x&rsqb; [b\ntwo", "](/u)"),
        ("see www.a.com/[x\ntwo", "](/u)"), ("<http://a]b> [x\ntwo", "](/u)"),
        ("\\] [b\ntwo", "](/u)"),
        ("[x]: /u\ntwo", " [x]"),
        ("[c][]\ntwo", " more"),
        // An escaped `*` or `_` next to a run: the text reads one longer
        // run followed by a space, the source's run can open.
        ("___\\_ a\ntwo", "_ c"), ("**\\* a\ntwo", "* c"), ("x \\__b\ntwo", "_ c"),
    ])
    func openLinesAreParsedAgain(start: String, appended: String) {
        expectTwoAppends(start, appended, counting: 0, of: \.paragraphTailAppends)
    }

    /// A line that a paragraph line makes a setext underline or a table's
    /// delimiter row never starts the tail, and a line that starts a block
    /// sends the append to the window parse.
    @Test(arguments: [
        ("one\n=", "=="), ("one\n-", "-"), ("one\n|a|", "\n|-|"), ("one\n:", "-"),
        ("one\ntwo", "\n==="), ("one\ntwo", "\n- item"), ("one\ntwo", "\n\nnew"), ("one\ntwo", "\n|-|"),
        ("one\n[a]", ": /u\nx"), ("one\n[a]: /u", "\nx"), ("[a]\n\nx [a]\ntwo", "\n\n[a]: /u\n"),
        ("one\ntwo", "\n  \r\n[a]: /u\n"),
        ("one\ntwo", "\n```"), ("one\ntwo", "\n> quote"), ("one\ntwo", "\n<div>"), ("one\ntwo", "\n# heading"),
    ])
    func blockStartsGoToTheWindow(start: String, appended: String) {
        expectTwoAppends(start, appended, counting: 0, of: \.paragraphTailAppends)
    }

    /// Seeded paragraphs mixing words with every construct that reaches
    /// across a line or starts a block, streamed in random chunks through
    /// the prefix-identity harness (every prefix equals the one-shot parse,
    /// ranges included, and the patches rebuild the tree).
    @Test(arguments: [ParseOptions(), ParseOptions.commonMark])
    func randomParagraphsThroughTheHarness(options: ParseOptions) {
        let pieces = [
            "word", " more text", " ", "  ", "\n", "\n", "\n", "  \n", "\\\n", "\t", "    ", "`", "``", "*", "**",
            "_", "__", "a_b", "~", "~~", "[", "]", "](", "(/u)", "][", "[x]", "<", "<a ", "<b>", "</b>", "<!--",
            "-->", ">", "&#93;", "&amp;", "\\]", "\\*", "www.x.com", "http://a.b", "x@y.z", "=", "-", "|", ":",
            "|-|", "---", "===", "1. ", "2. ", "# ", "- ", "> ", "```", "\r\n", "\r", "\"t\"", ")", "(", "!",
            "日本語", "[x]: /u\n", "\n\n", "[x]", "&lowbar;", "&rsqb;", "a", "\\_", "___",
        ]
        let streams = RandomPieceStreams(
            pieces: pieces, starts: ["Start of a paragraph\nand its second line\n", "x\n", ""], options: options)
        #expect(
            streams.failures.isEmpty, "\(streams.failures.count) of 200 failed; first: \(streams.failures.prefix(2))")
        #expect(streams.paragraphTailAppends > 300)
    }

    /// A finding of the differential fuzz run: `___\_ ras.` read as a
    /// settled line (its text `____ ras.` holds a run followed by a
    /// space), so the `_` after the next line paired nothing when streamed
    /// where the one-shot parse paired it with the source's `___`.
    @Test(arguments: ["___\\_ ras.\r\n\\_nt_", "___\\_ ras.\n\\_nt_", "**\\* a\r\nb*", "a *\\* b\nc\n*"])
    func escapedRunNextToARunStreamsLikeOneShot(_ markdown: String) {
        for chunking in [PrefixHarness.Chunking.everyByte, .fixed(3), .fixed(8), .fixed(16), .lines] {
            let report = PrefixHarness(options: ParseOptions()).verify(
                name: "escaped run", bytes: Array(markdown.utf8), chunking: chunking)
            #expect(report.violations.isEmpty, "\(markdown.debugDescription) at \(chunking): \(report.violations)")
        }
    }

    /// Links whose destination or title holds a `$`, and dollars on later
    /// lines: math is found in the source before cmark parses, so a `$`
    /// on a later line may close math that opened inside a settled line's
    /// link and swallow its `)` (a fuzz finding: `… [RFC](https://d$$r…)` /
    /// `… (https://d$`, where the last `$` turned the link into math).
    @Test func randomDollarsInDestinationsThroughTheHarness() {
        let pieces = [
            "word", " ", " ", "\n", "\n", "\n", "$", "$$", "$x$", "[a](", "[b](<", "u$", "u$$r", ")", ">)", "x",
            " \"t$\")", "[c]", "(/u)", "[", "]", "[^1]", "https://d$", ".", "\\$",
        ]
        let streams = RandomPieceStreams(
            pieces: pieces, starts: ["See [RFC](https://d$$r/x).\n", ""], options: ParseOptions())
        #expect(
            streams.failures.isEmpty, "\(streams.failures.count) of 200 failed; first: \(streams.failures.prefix(2))")
        #expect(streams.paragraphTailAppends > 40)
    }

    /// The fuzz finding itself, at every byte.
    @Test func dollarClosingMathOpenedInASettledLinkDestination() {
        let text =
            "ker.ietf.org/doc/html/rfc7643) and [RFC 7644](https://datat$$racker.ietf.org/doc/html/rfc7644)).\n"
            + "Imracker.ietf.org/doc/html/rfc7643) and [RFC 7644](https://datat$"
        let report = PrefixHarness().verify(name: "finding", bytes: Array(text.utf8), chunking: .everyByte)
        #expect(report.passed, "\(report.violations.prefix(1))")
    }

    /// Python written without a fence is one long paragraph (indented lines
    /// continue it). Once its lines settle, an append parses the last line
    /// or two, however long the paragraph grows: 400 lines, 4-byte appends.
    @Test func longParagraphParsesItsLastLines() {
        var text = "def main():\n"
        for i in 0..<400 { text += "    total_\(i) = compute(items[\(i)], weight=\(i)) + offset\n" }
        let (document, maxParsed) = streamInFourByteAppends(text)
        // Two lines of about 60 bytes each, parsed alone: the tail, and the
        // last line when it is tried as the next boundary.
        #expect(maxParsed <= 200, "an append parsed \(maxParsed) bytes of a \(text.utf8.count)-byte paragraph")
        #expect(document.statistics.paragraphTailAppends > text.utf8.count / 8)
    }
}
