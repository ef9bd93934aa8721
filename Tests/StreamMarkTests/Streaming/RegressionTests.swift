import StreamMark
import StreamMarkTestSupport
import Testing

/// Real inputs that broke the engine (`Corpus/regressions/`), streamed
/// through the prefix-identity harness at every chunk size from 1 to 512
/// bytes: the crash of `crash-code-fence-after-indented-code.md` happened
/// only at some sizes (7, 8, 12–15, 17, …, 83), never at 1–4.
@Suite struct RegressionTests {
    static let files = CorpusFiles.markdownFiles(under: "regressions")

    @Test func corpusHasTheRegressions() {
        #expect(Self.files.contains("regressions/crash-code-fence-after-indented-code.md"))
    }

    @Test(arguments: [ParseOptions(), .commonMark])
    func everyChunkSize(options: ParseOptions) {
        let harness = PrefixHarness(options: options, fullCheckLimit: 64)
        for file in Self.files {
            let bytes = CorpusFiles.bytes(file)
            for size in 1...512 {
                let report = harness.verify(name: file, bytes: bytes, chunking: .fixed(size))
                #expect(report.passed, "size \(size): \(report.violations.prefix(3).map(\.description))")
            }
        }
    }

    /// The crash needs no indented code: a code line past the refresh
    /// threshold (4,100 bytes) leaves the tree stale at small chunks, and
    /// the closing fence then met the code shortcut (found by the chunk
    /// sweep at 4-byte chunks).
    @Test func longCodeLineAtSmallChunks() {
        let text = Array(("```\n" + String(repeating: "A", count: 4_100) + "\n```\n").utf8)
        let harness = PrefixHarness(fullCheckLimit: 64)
        for size in 1...16 {
            let report = harness.verify(name: "long line", bytes: text, chunking: .fixed(size))
            #expect(report.passed, "size \(size): \(report.violations.prefix(3).map(\.description))")
        }
    }

    /// A definition that stops being one (`[a]: b` then ` c`) must take
    /// its links back from blocks frozen after it appeared: the window's
    /// definitions were not recorded while no frozen text used a label,
    /// and the block that used it froze in the same update (found by the
    /// differential fuzzer, at these chunk sizes).
    @Test(arguments: [
        "[a]\n***\n[a]: b c", "[a]\n# h\n[a]: b c", "[a]\n***\n\n[a]: b c",
        "[^1]: ![runs](https://example.com/i.png \"t\") [install][1] to [^1] loads.\n[^2]: As seconds 応答 template &#35;.\n***\n[^1]: Deve o",
        " the by true seconds [^1] alive … \n###### True!\n[^1]: Boolean r",
    ])
    func definitionThatStopsBeingOne(_ text: String) {
        let harness = PrefixHarness()
        for size in 1...64 {
            let report = harness.verify(name: "definition", bytes: Array(text.utf8), chunking: .fixed(size))
            #expect(report.passed, "size \(size): \(report.violations.prefix(2).map(\.description))")
        }
    }

    /// A fenced code block that the end of its block quote closes (`> ~~~`,
    /// then a line without `>`) ends, for cmark, at the end of that line,
    /// past the quote; the line may hold a definition, which must still
    /// count when the quote closes (the use after it) and while the quote
    /// is the window (a frozen use before it). Found by the differential
    /// fuzzer (`fuzzFinding`, reduced).
    @Test(arguments: [
        "> a\n> ~~~\n[a]: /u\n\n[a]\n", "[a]\n\n> a\n> ~~~\n[a]: /u\n", "[a]\n\n> a\n> ~~~\n[a]: /u\n\nb\n",
        "> a\n> ```\n> x\n[ΑΓΩ]: /u\n\n[αγω]\n", "> a\n> - b\n> ~~~\n[a]: /u\n\n[a]\n",
    ])
    func definitionAfterAFenceTheQuoteClosed(_ text: String) {
        Self.expectEveryChunkSize(Array(text.utf8), name: text)
    }

    /// The fuzzer's finding itself, 93 bytes with an invalid UTF-8 byte
    /// (0x85) as the destination.
    @Test func fuzzFinding() {
        let start = "> Rune embeds by optional.\n> ~~~~\n> curl -X POST http://localhoinilm\"}'\n[ΑΓΩ]:"
        let bytes = Array(start.utf8) + [0x85] + Array("\n\n[αγω]\n".utf8)
        #expect(bytes.count == 93)
        Self.expectEveryChunkSize(bytes, name: "finding")
    }

    static func expectEveryChunkSize(_ bytes: [UInt8], name: String) {
        let harness = PrefixHarness()
        for chunking in [.everyByte] + (1...bytes.count).map(PrefixHarness.Chunking.fixed) {
            let report = harness.verify(name: name, bytes: bytes, chunking: chunking)
            #expect(report.passed, "\(chunking): \(report.violations.prefix(2).map(\.description))")
            #expect(report.prefixesChecked > 0)
        }
    }

    /// A stub line (a fence, a table's delimiter row) that ends with a lone
    /// carriage return, parsed in front of a window that starts with an
    /// empty line: `\r` then `\n` read as one line ending, and the empty
    /// line vanished from the code block (found by the internal check of
    /// the in-place shortcuts). The last append holds a carriage return,
    /// so no shortcut answers it.
    @Test(arguments: [
        ("~~~\r  \n", "\n\r"), ("~~~x\r  \nab\n", "\n\r"), ("```\rcode\n", "\n\rmore"),
        ("a|b\r-|-\rc\n", "\n\r"),
    ])
    func stubEndingWithCarriageReturn(start: String, appended: String) {
        var document = StreamingDocument()
        document.append(start)
        document.append(appended)
        #expect(document.root == MarkdownParser().parse(start + appended))
        document.finish()
        #expect(document.root == MarkdownParser().parse(start + appended))
    }
}
