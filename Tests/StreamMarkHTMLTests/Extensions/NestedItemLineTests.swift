import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Items that begin on the marker line of the item around them (`1. 1.`,
/// `> - 1)`), with their content on the lines after, indented past their
/// content column: a paragraph there that the extension layer parses again
/// (an escape, a footnote reference, a URL with an escape) lost its text
/// (a fuzz finding of stop 45: `1. 1.` / `       [^3]` rendered an empty
/// item). The inner item's continuation prefix was measured from the
/// start of the line, which lacks the outer item's prefix, instead of from
/// the outer item's content (`SourceLines.itemPrefix`).
@Suite struct NestedItemLineTests {
    static let findings = [
        "1. 1.\n       [^3]", "1. 1.\n       \\~ x", "- 1.\n      [^3] x", "> 1. 1.\n>        \\~ x",
        "1.  1.\n        \\~ x", "1. 1. 1.\n          \\~ y", "1. 1)\n       \\~ x\n\n  \\~ z",
    ]

    @Test(arguments: findings)
    func findingMatchesCmarkGFM(_ markdown: String) throws {
        let ours = HTMLRenderer().render(MarkdownParser(options: FootnoteReferenceTests.options).parse(markdown))
        #expect(ours == (try FootnoteReferenceTests.theirs(markdown)))
    }

    /// Markers on one line, then lines indented from one column short of
    /// the innermost content column to five past it, holding text the
    /// extension layer parses again, and blank lines.
    static func document(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x94D0_49BB &+ 7)
        let markers = ["1. ", "- ", "2) ", "+ ", "10. ", "1.  ", "* "]
        let contents = ["\\~ x", "[^3]", "[^3] y", "a \\* b", "http://a.b/c\\_d", "w", "`c` \\~"]
        let quoted = Int.random(in: 0..<4, using: &random) == 0
        var first = quoted ? "> " : ""
        var column = first.count
        for _ in 0..<Int.random(in: 2...3, using: &random) {
            let marker = markers.randomElement(using: &random)!
            first += marker
            column += marker.count
        }
        var text = String(first.dropLast()) + "\n"
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            if Int.random(in: 0..<4, using: &random) == 0 {
                text += "\n"
                continue
            }
            let indent = max(0, column - 1 + Int.random(in: 0...6, using: &random) - (quoted ? 2 : 0))
            text += (quoted ? "> " : "") + String(repeating: " ", count: indent)
            text += contents.randomElement(using: &random)! + "\n"
        }
        return text
    }

    @Test(arguments: 0..<4)
    func randomNestedItemsMatchCmarkGFM(batch: Int) throws {
        try FootnoteReferenceTests.expectMatches(batch: batch, of: 4, seeds: 400, known: [:], Self.document)
    }

    @Test(arguments: 0..<2)
    func randomNestedItemsStreamLikeOneShot(batch: Int) {
        let failures = PrefixHarness(options: FootnoteReferenceTests.options).failingDocuments(
            seeds: stride(from: batch, to: 120, by: 2), Self.document)
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
    }
}
