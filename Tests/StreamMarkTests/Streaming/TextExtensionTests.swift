import StreamMark
import Testing

/// The in-place text extension (`IncrementalEngine.extendLastParagraph`):
/// appends that only extend the open paragraph's last word are answered
/// without a parse, and the tree must still equal cmark's at every prefix.
@Suite struct TextExtensionTests {
    /// Prose arriving one byte at a time after its first word: every
    /// append of a letter, digit or space is answered in place.
    @Test func proseExtendsInPlace() {
        var document = StreamingDocument()
        document.append("Hello")
        let rest = " world, this is 42 words of text"
        for byte in rest.utf8 { document.append(bytes: [byte]) }
        #expect(document.statistics.inPlaceAppends == rest.utf8.count)
        #expect(document.statistics.lastParsedBytes == 0)
        #expect(document.root == MarkdownParser().parse("Hello" + rest))
    }

    /// Words that could still become something else are parsed — a list
    /// marker waiting for content, a tag name, an email or entity, a
    /// definition label, a code span, a setext underline — while a settled
    /// word (`www` alone, a digit alone) is extended in place.
    @Test(arguments: [
        ("a\n*", 0), ("a\n<di", 0), ("x@y", 0), ("[x]:", 0), ("&amp", 0), ("`co", 0), ("a\n=", 0), ("[x] y", 0),
        ("www", 1), ("a\n1", 1), ("a *b* c", 1),
    ])
    func unsettledWordIsParsed(_ start: String, inPlace: Int) {
        var document = StreamingDocument()
        document.append(start)
        document.append("v")
        #expect(document.statistics.inPlaceAppends == inPlace)
        #expect(document.root == MarkdownParser().parse(start + "v"))
    }

    /// Seeded random text mixing inert words with every kind of context
    /// that could make an extension wrong, streamed in random chunks of 1–6
    /// bytes through the prefix-identity harness (every prefix equals the
    /// one-shot parse, ranges included, and the patches rebuild the tree).
    @Test(arguments: [ParseOptions(), ParseOptions.commonMark])
    func randomTextThroughTheHarness(options: ParseOptions) {
        let pieces = [
            "word", "more text", " ", "  ", "42", "日本語", "a,b;c?d!", "%$", "\n", "\n\n", "* ", "- ", "1. ", "1",
            "> ", "# ", "<di", "<div>", "www", ".", "example", "@", "[x]", "[x]: ", "/u", "&amp", ";", "`",
            "**", "_", "~~", "|", "-|-", "=", "    ", "\\", "(", ")", "\"", "- [ ] ", "[^1]: Some note",
        ]
        var failures: [String] = []
        var inPlace = 0
        for seed in UInt64(1)...200 {
            var generator = SplitMix64(seed: seed)
            var text = ""
            for _ in 0..<(10 + Int(generator.next() % 40)) {
                text += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            let bytes = Array(text.utf8)
            let report = PrefixHarness(options: options).verify(
                name: "seed \(seed)", bytes: bytes, chunking: .random(seed: seed))
            if let violation = report.violations.first {
                failures.append("\(violation) — text: \(text.debugDescription)")
            }
            var document = StreamingDocument(options: options)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 1 + Int(generator.next() % 6))
                document.append(bytes: bytes[offset..<end])
                offset = end
            }
            inPlace += document.statistics.inPlaceAppends
        }
        #expect(failures.isEmpty, "\(failures.count) of 200 failed; first: \(failures.prefix(2))")
        #expect(inPlace > 500)
    }
}
