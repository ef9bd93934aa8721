import StreamMark
import Testing

/// Extensions entry 19: tildes inside an autolink `<…>` are its text, as
/// cmark reads an autolink whole before cmark-gfm's strikethrough pairs
/// anything; in a bracket link's text they pair (``AngleAutolinks``).
@Suite struct AngleAutolinkTests {
    /// Autolinks holding tildes, in paragraphs, headings, quotes, items and
    /// table cells, beside tildes that do pair, code spans, bracket links
    /// with other text, and escapes (a block parsed again with stand-ins).
    static let handCases = [
        "<http://a~b~>\n", "<a~b~@c.d>\n", "<https://example.edu/~ann/~bob/x>\n", "~x <http://a~b~> y~\n",
        "~~x <http://a~b~~> y~~\n", "<http://a~b~> ~c~\n", "# <http://a~b~>\n", "> <http://a~b~>\n",
        "- <http://a~b~>\n  <a~b~@c.d>\n", "| <http://a~b~> | ~c~ |\n|-|-|\n| <x~y~@c.d> | d |\n",
        "[http://c~d~](http://c~d~) <http://a~b~>\n", "`<http://c~d~>` <http://a~b~>\n",
        "<http://a~b~> \\~x\\~ ~y~\n", "<http://a~b~> www.c~d~.com ~e~\n", "[x](<http://a~b~>) <http://a~b~>\n",
        "[<http://a~b~>](/u) ~x~\n", "*<http://a~b~>* _~c~_\n",
        // A destination in pointy braces is no autolink: the text pairs.
        "[http://a~b~](<http://a~b~>)\n", "[http://a~b~](\n<http://a~b~>)\n",
        "[http://a~b~](  <http://a~b~> \"t\")\n", "[http://a~b~]: <http://a~b~>\n[http://a~b~]\n",
    ]

    @Test(arguments: handCases)
    func handCaseMatchesCmarkGFM(_ markdown: String) throws {
        try GFMOracle.expectMatch(markdown)
    }

    /// The same cases with footnotes on, whose second parse (with stand-ins
    /// for references) reads the autolinks from the substituted text.
    @Test func handCasesMatchCmarkGFMWithFootnotes() throws {
        try GFMOracle.expectMatchWithFootnotes(seeds: 0..<UInt64(Self.handCases.count)) {
            String(Self.handCases[Int($0)].dropLast()) + " [^1]\n\n[^1]: n\n"
        }
    }

    /// A paragraph, heading, quote, item or table of autolinks with and
    /// without tildes, bracket links, tilde runs, code spans, escapes and
    /// footnote references.
    static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &* 0x2545_F491 &+ 19)
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        var text = ""
        for _ in 0..<Int.random(in: 2...7, using: &random) {
            text += pick([
                "<http://a~b~>", "<http://x.y/~u/~v>", "<a~b~@c.d>", "<http://p~~q~~>", "[http://a~b~](/u)",
                "[http://c~d~](http://c~d~)", "~", "~~", " ", "x", "`<http://e~f~>`", "*", "_", "\\~", "<b~>",
                "www.e~f~.com", "[^1]", "<http://g>", "(", ")", "[http://p~q~](<http://p~q~>)",
            ])
        }
        let block = pick(["", "# ", "> ", "- ", "| "])
        let table = block == "| " ? " |\n|-|\n| " + text + " |" : ""
        return block + text + table + pick(["", "\n\n[^1]: n"]) + "\n"
    }

    @Test(arguments: 0..<2)
    func randomBlocksMatchCmarkGFM(batch: Int) throws {
        try GFMOracle.expectMatchWithFootnotes(
            seeds: UInt64(batch * 300)..<UInt64(batch * 300 + 300), Self.document(seed:))
    }

    @Test func randomBlocksStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<100, Self.document(seed:))
    }
}
