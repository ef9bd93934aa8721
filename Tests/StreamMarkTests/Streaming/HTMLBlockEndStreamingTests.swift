import StreamMark
import StreamMarkTestSupport
import Testing

/// HTML blocks that their end condition closes, then definitions: cmark
/// ends such a block's source position on the line before the one that
/// closed it, and the engine reads the block's last line from its literal
/// (`CmarkNodeReader`), so its range covers the closing line and a
/// definition after it reaches the frozen paragraphs that use its label.
/// The first three texts are the fuzz run's stream violation on 81f7010
/// (docs/extensions.md's former known streaming gap).
@Suite struct HTMLBlockEndStreamingTests {
    static let texts = [
        "[x]\n\n<!--\nc -->\n[x]: h", "a][x]\n<!-- b\nc -->\n[x]: https://github.com/yarn",
        "s encoded?][56332]\n<!-- *base64* pushes version options.\nWhich `fetchData` copies -->\n"
            + "[56332]: https://github.com/yarn",
        "[x]\n\n<!-- c -->\n[x]: h\n", "- a\n  <!--\n  c -->\n  [x]: h\n\n[x]\n", "> <!--\n> c -->\n[x]: h\n\n[x]\n",
        "[x]\n\n<script>\nb</script> d\n[x]: /u\n", "[x]\n\n<?\n?>\n[x]: /u", "[x]\n\n<![CDATA[\n]]>\r\n[x]: /u",
    ]

    @Test(arguments: texts)
    func textStreamsLikeOneShot(_ text: String) {
        for chunking: PrefixHarness.Chunking in [.everyByte, .mixed(seed: 1), .fixed(3)] {
            let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: chunking)
            #expect(report.violations.isEmpty, "\(chunking) \(text.debugDescription): \(report.violations.prefix(1))")
        }
    }

    /// The block's range runs to the end of the line that closed it.
    @Test func rangeCoversTheClosingLine() {
        let text = "[x]\n\n<!--\nc -->\n[x]: h"
        var document = StreamingDocument()
        _ = document.append(text)
        _ = document.finish()
        let html = document.root.children.first { if case .htmlBlock = $0.kind { true } else { false } }
        #expect(html?.range == 5..<15)
    }

    @Test(arguments: 0..<3)
    func documentsStreamLikeOneShot(batch: Int) {
        let first = 0x417B_0000 + UInt64(batch * 60)
        SeededStreaming.expectStreamLikeOneShot(
            seeds: first..<first + 60, options: ParseOptions(extensions: [.gfm, .footnotes]),
            HTMLBlockEndGenerator.document)
    }
}
