import StreamMark
import StreamMarkHTML
import Testing

/// Hostile input never crashes the parse + render path, and the HTML still
/// equals cmark's.
@Suite struct BadInputTests {
    /// Bytes whose invalid UTF-8 cmark (`CMARK_OPT_VALIDATE_UTF8`) and
    /// StreamMark's `UTF8Normalizer` replace identically: lone continuation
    /// bytes, 0xFF, NUL, and truncated prefixes of valid sequences followed
    /// by an ASCII byte.
    static let agreeingInvalidPieces: [[UInt8]] = [
        [0x80], [0xBF], [0xFF], [0x00], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xE2], [0xC3], [0xF0, 0x9F],
    ]

    static let markdownPieces: [String] = [
        "# h ", "*a* ", "`c` ", "[l](u) ", "![i](s) ", "\n", "\n\n", "- ", "> ", "```\n", "<b>", "&amp;", "x",
        "\\", "\t", "\r\n", "\r", "ü",
    ]

    @Test(arguments: 0..<100)
    func invalidUTF8AndNULMatchCmarksValidation(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1000)
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...40, using: &generator) {
            if Bool.random(using: &generator) {
                bytes += Self.agreeingInvalidPieces.randomElement(using: &generator)!
            }
            bytes += Array(Self.markdownPieces.randomElement(using: &generator)!.utf8)
            bytes.append(UInt8(ascii: "z"))  // an ASCII byte after every truncated sequence
        }
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = Oracle.ours(bytes, options: renderOptions)
            let cmark = CmarkReference.html(bytes, options: cmarkOptions.union(.validateUTF8))
            #expect(ours == cmark, "\(bytes)\n\(Oracle.firstDifference(ours, cmark))")
        }
    }

    /// Arbitrary bytes. cmark's UTF-8 validation replaces some invalid
    /// sequences differently from StreamMark's normalizer (which uses the
    /// Unicode "maximal subpart" rule): cmark turns an overlong or surrogate
    /// sequence such as C0 AF or ED A0 80 into one U+FFFD where we write one
    /// per maximal subpart, and a sequence truncated by the end of the input
    /// swallows the ASCII bytes after it. So arbitrary bytes are compared
    /// with cmark on our normalized bytes; the difference itself is pinned
    /// by `cmarkReplacesDifferently`.
    @Test(arguments: 0..<100)
    func arbitraryBytesMatchCmarkOnNormalizedText(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 5000)
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...60, using: &generator) {
            if Bool.random(using: &generator) {
                bytes.append(UInt8.random(in: 0...255, using: &generator))
            } else {
                bytes += Array(Self.markdownPieces.randomElement(using: &generator)!.utf8)
            }
        }
        let normalized = UTF8Normalizer.normalized(bytes)
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = Oracle.ours(bytes, options: renderOptions)
            let cmark = CmarkReference.html(normalized, options: cmarkOptions)
            #expect(ours == cmark, "\(bytes)\n\(Oracle.firstDifference(ours, cmark))")
        }
    }

    /// The known difference in U+FFFD replacement (see above).
    @Test func cmarkReplacesDifferently() {
        let bytes: [UInt8] = [UInt8(ascii: "a"), 0xC0, 0xAF, UInt8(ascii: "b"), UInt8(ascii: "\n")]
        #expect(Oracle.ours(bytes, options: .init()) == "<p>a\u{FFFD}\u{FFFD}b</p>\n")
        #expect(CmarkReference.html(bytes, options: .validateUTF8) == "<p>a\u{FFFD}b</p>\n")
    }

    @Test(arguments: [
        "a\r\nb\r\n\r\n- c\r\n- d\r\n> e\r\n```\r\nf\r\n```\r\n",
        "a\rb\r\r- c\r- d\r> e\r```\rf\r```\r",
        "a\r\n\rb\n\r\n\r# h\r    code\r\n\tcode\n",
        "x  \r\ny\\\r\nz\r",
        "\r", "\r\n", "\n\r",
    ])
    func lineEndings(_ markdown: String) {
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = Oracle.ours(markdown, options: renderOptions)
            #expect(ours == CmarkReference.html(markdown, options: cmarkOptions))
        }
    }

    /// A 10 MB line with inline markup throughout, and a 10 MB line of
    /// plain text.
    @Test(arguments: ["word *em* **strong** `code` [l](u) <i> &amp; ", "abcdefghij"])
    func tenMegabyteLine(_ unit: String) {
        let count = 10_000_000 / unit.utf8.count
        let markdown = String(repeating: unit, count: count)
        #expect(markdown.utf8.count >= 9_999_990)
        let ours = Oracle.ours(markdown, options: .init())
        #expect(ours == CmarkReference.html(markdown))
    }
}
