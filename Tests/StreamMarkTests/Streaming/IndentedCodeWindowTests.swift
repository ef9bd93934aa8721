import StreamMark
import Testing

/// The code window for indented code blocks (`narrowCode`): the block's
/// first line is parsed in front of the lines not yet frozen, as a fence
/// line is for a fenced block, so an append parses two lines, not the block.
@Suite struct IndentedCodeWindowTests {
    /// Seeded indented blocks with blank lines (empty, short, long), tabs,
    /// CRLF, lines that end the block or could, and label uses after it,
    /// streamed in random chunks through the prefix-identity harness.
    @Test(arguments: [ParseOptions(), ParseOptions.commonMark])
    func randomIndentedCodeThroughTheHarness(options: ParseOptions) {
        let pieces = [
            "    ", "    ", "\t", "  ", " ", "\n", "\n", "\n", "x", "code line", "  \n", "      \n", "\r\n", "\r",
            "```", " ```", "~~~", "para", "- ", "> ", "[a]: /u\n", "[a]", "# ", "<div>", "***", "=", "|", "`",
        ]
        let streams = RandomPieceStreams(
            pieces: pieces, starts: ["    code\n", "text\n\n    code\n    more\n", "    a\n\n", ""], options: options)
        #expect(
            streams.failures.isEmpty, "\(streams.failures.count) of 200 failed; first: \(streams.failures.prefix(2))")
    }

    /// Blank lines after the block belong to it until a line ends it; the
    /// block then ends where cmark ends it (found streaming a spec text).
    /// A first line that looks like a fence stays content of an indented
    /// block (found by `CorpusSliceTests`).
    @Test(arguments: [
        "    x\n\nSince", "    x\n  \n\n    y\n\nz", "p\n\n    a\n    b\n\n\n[r]\n\n[r]: /u\n", "    a\r\n\r\nb",
        "     ```\n     x\n\n- y", "    ~~~ a\n    b\n    ~~~\nc",
    ])
    func blankLinesAndFenceLikeLines(text: String) {
        let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: .everyByte)
        #expect(report.violations.isEmpty, "\(report.violations.prefix(1))")
    }

    /// A 500-line indented block in 4-byte appends: an append parses the
    /// first line and the unfrozen ones, whatever the block's length.
    @Test func longIndentedBlockParsesItsLastLines() {
        var text = "Some code:\n\n"
        for i in 0..<500 { text += "    let value\(i) = compute(\(i)) // line \(i)\n" }
        let (_, maxParsed) = streamInFourByteAppends(text)
        #expect(maxParsed <= 150, "an append parsed \(maxParsed) bytes of a \(text.utf8.count)-byte block")
    }
}
