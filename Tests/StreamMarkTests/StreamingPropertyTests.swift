import StreamMark
import Testing

/// Seeded random documents built from the constructs that interact across
/// lines (containers, fences, setext underlines, lazy lines, reference
/// definitions and their uses, tables, HTML, tabs, CRLF), streamed with
/// random chunkings through the prefix-identity harness.
@Suite struct StreamingPropertyTests {
    static let pieces: [String] = [
        "Paragraph text with *emphasis* and `code`.\n", "continued line\n", "\n", "\n",
        "# Heading\n", "Setext\n===\n", "Under\n---\n", "- item\n", "- item two\n  continued\n",
        "  - nested item\n", "1. first\n", "2) second\n", "10. tenth\n", "> quote\n", ">\n", "> > deep quote\n",
        "lazy\n", "```\n", "```js\n", "~~~\n", "    indented code\n", "\tcode with tab\n", "***\n",
        "<div>\n", "</div>\n", "<!-- c\n", "-->\n", "[ref]: /url \"title\"\n", "[Ref Two]:\n  /two\n",
        "See [ref] and [ref two][] and [missing].\n", "![img][ref]\n", "| a | b |\n", "|---|:-:|\n",
        "| 1 | 2 |\n", "| [ref] | [ref two][] |\n", "x | y\n", "- [ ] task\n", "- [x] done ~~old~~ www.example.com\n",
        "line\r\n", "cr\r",
        "Ünïcödé 日本語 😀\n", "&amp; &#35; \\* \\\n", "<span>inline</span> <https://a.b>\n", "*unclosed [bracket\n",
        "-\n", "- \n", "  \n",
    ]

    static func document(seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var text = ""
        let count = Int(generator.next() % 30) + 5
        for _ in 0..<count { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
        return Array(text.utf8)
    }

    @Test(arguments: [ParseOptions.commonMark, ParseOptions()])
    func randomDocumentsRandomChunks(options: ParseOptions) {
        var failures: [String] = []
        var prefixes = 0
        for seed in UInt64(1)...300 {
            let bytes = Self.document(seed: seed)
            let report = PrefixHarness(options: options).verify(
                name: "seed \(seed)", bytes: bytes, chunking: seed % 3 == 0 ? .everyByte : .random(seed: seed))
            prefixes += report.prefixesChecked
            if let violation = report.violations.first {
                failures.append("\(violation) — text: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 300 failed; first: \(failures.prefix(2))")
        #expect(prefixes > 10_000)
    }
}
