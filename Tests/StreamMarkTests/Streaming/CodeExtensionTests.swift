import StreamMark
import Testing

/// The in-place code extension (`IncrementalEngine.extendOpenCode`):
/// appends that only extend the current line of the open fenced code block
/// are answered without a parse, and the tree must still equal cmark's at
/// every prefix.
@Suite struct CodeExtensionTests {
    /// Code arriving one byte at a time after the first byte of its line:
    /// every append is answered in place.
    @Test func codeLineExtendsInPlace() {
        var document = StreamingDocument()
        document.append("Text.\n\n```swift\nlet x: [Int] = [1, 2]\nl")
        let rest = "et y = x.map { $0 * 2 } // ``` ~~~ <b>"
        for byte in rest.utf8 { document.append(bytes: [byte]) }
        #expect(document.statistics.inPlaceAppends == rest.utf8.count)
        #expect(document.statistics.lastParsedBytes == 0)
        #expect(document.root == MarkdownParser().parse(document.text))
    }

    /// A line that could still become the closing fence, or whose
    /// indentation is not settled, or an append that ends the line, is
    /// parsed; a line with a settled byte is extended in place, whatever
    /// the bytes that follow (other than a line ending).
    @Test(arguments: [
        ("```\n", "x", 0), ("```\n``", "`", 0), ("```\n   ", "```", 0), ("~~~\n~", "~~", 0), ("```\nx", "\n", 0),
        ("```\nx", "y\r", 0), ("  ```\n ", "   x", 0), ("```\n`", "x", 0), ("```\nx", "```", 1), ("~~~\na", " ~~~", 1),
        ("  ```\n  x", "\ty", 1), ("```\n\tx", "y", 1), ("```a\n```", "a", 0), ("```a\n```a", "b", 1),
        ("> ```\n> x", "y", 0), ("- ```\n  x", "y", 0), ("    code\n    x", "y", 0),
    ])
    func lineIsExtendedWhenSettled(_ start: String, _ appended: String, inPlace: Int) {
        var document = StreamingDocument()
        document.append(start)
        document.append(appended)
        #expect(document.statistics.inPlaceAppends == inPlace)
        #expect(document.root == MarkdownParser().parse(start + appended))
    }

    /// Seeded random code blocks — fences of both kinds and lengths,
    /// indentation, tabs, fence-like and closing lines, text after the
    /// block — streamed in random chunks of 1–6 bytes through the
    /// prefix-identity harness (every prefix equals the one-shot parse,
    /// ranges included, and the patches rebuild the tree).
    @Test(arguments: [ParseOptions(), ParseOptions.commonMark])
    func randomCodeThroughTheHarness(options: ParseOptions) {
        let pieces = [
            "```", "````", "~~~", "```py", "\n", "\n\n", " ", "  ", "   ", "\t", "x = 1", "`", "~", "code", "日本",
            "# not", "- item", "> q", "\r\n", "[a]: /u", "[a]", "| b |", "**",
        ]
        let streams = RandomPieceStreams(pieces: pieces, starts: ["```\n", "  ~~~~ info\n"], options: options)
        #expect(
            streams.failures.isEmpty, "\(streams.failures.count) of 200 failed; first: \(streams.failures.prefix(2))")
        #expect(streams.inPlaceAppends > 500)
    }
}
