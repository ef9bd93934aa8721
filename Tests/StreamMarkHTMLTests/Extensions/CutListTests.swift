import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Lists one of whose items holds a table that a line leaves (cmark read
/// the line as the table paragraph's lazy text; cmark-gfm ends the list
/// there), while the other items hold headings, code, nested lists,
/// quotes and blank lines, compared with cmark-gfm byte for byte: whether
/// the list stays loose, and what the rest after the line takes in.
@Suite struct CutListTests {
    /// Stop 51's fixes, each differing before it.
    static let findings = [
        // A setext heading's range ends after its underline's line ending,
        // or in the next line's `>`: the blank line after it still makes
        // the list loose (the last known finding of entry 3).
        "* \n  a|b\n  :-:\n  e\nx\n  - \n\n* C\n  | a | b |\n  |---|---|\n  e\nx\n\n",
        "* \n  e\n  - \n\n* C\n  | a | b |\n  |---|---|\nx\n", "- e\n  ===\n\n- C\n  a|b\n  -|-\nx\n",
        "> - e\n>   ---\n>\n> - C\n>   a|b\n>   -|-\n> x\n",
        // An empty item after the line interrupts no paragraph: the rest's
        // paragraph goes on into the next line.
        "1. e\n   a|b\n   -|-\nx\n1. \nz\n", "1. e\n   a|b\n   -|-\n   c|d\nx\n1. \nz\n",
    ]

    @Test(arguments: findings)
    func findingMatchesCmarkGFM(_ markdown: String) throws {
        try GFMOracle.expectMatch(markdown)
    }

    /// Two to four items at the margin or in a quote; one holds a table
    /// and the line that leaves it, the others up to two blocks each
    /// (setext headings of both kinds, fences, indented code, nested and
    /// empty items, quotes, blank lines); blank lines between items, and
    /// a paragraph, item or blank line after the list.
    static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &* 0x2C1B_3C6D &+ 5)
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        func any(_ options: [String]) -> String { options.randomElement(using: &random)! }
        let quote = any(["", "", "> "])
        let bullet = any(["- ", "* ", "1. "])
        let indent = String(repeating: " ", count: bullet.utf8.count)
        let count = Int.random(in: 2...4, using: &random)
        let cut = Int.random(in: 0..<count, using: &random)
        let blocks = [
            "e\n" + quote + indent + "---\n", "e\n" + quote + indent + "===\n",
            "```\n" + quote + indent + "c\n" + quote + indent + "```\n", "    code\n", "- n\n", "> z\n", "p\n", "- \n",
        ]
        var text = ""
        for item in 0..<count {
            text += quote + bullet + any(["a", "", "e", "C"]) + "\n"
            if item == cut {
                text += quote + indent + "a|b\n" + quote + indent + any(["-|-", ":-:"]) + "\n"
                if chance(40) { text += quote + indent + "c|d\n" }
                text += any([quote, ""]) + any(["x", "|", "y|z"]) + "\n"
            } else {
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    text += chance(11) ? quote + "\n" : quote + indent + any(blocks)
                }
            }
            if chance(50) { text += String(quote.dropLast()) + "\n" }
        }
        if chance(30) { text += any(["z\n", "- w\n", "\n- w\n"]) }
        return text
    }

    @Test(arguments: 0..<4)
    func randomListsMatchCmarkGFM(batch: Int) throws {
        let first = batch * 100
        try GFMOracle.expectMatch(seeds: first..<first + 100) { Self.document(seed: UInt64($0)) }
    }

    @Test func randomListsStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<100, Self.document)
    }
}
