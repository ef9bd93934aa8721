import StreamMark

/// Seeded documents of paragraphs in quotes, list and task items whose
/// continuation lines are often lazy (their container prefix left out)
/// with up to three spaces before their text, holding what makes
/// StreamMark parse a paragraph again (an escaped tilde, a link over
/// markup, a footnote reference) next to what shows the whitespace cmark
/// keeps there: code spans and labels over lines, hard line breaks
/// (``ReparsedParagraphFamily/lazyLines``).
package enum LazyLineGenerator {
    private static let prefixes = ["> ", "- ", "1. ", "- [x] ", "> - ", "10. ", "* "]
    private static let words = [
        "a", "\\~", "x \\~ y", "www.a.com\\_b", "[^n]", "`b", "c`", "``d", "e``", "[l", "m]", "*e", "f*", "~~s~~",
    ]
    private static let lineEnds = ["", "", "", "\\", "  "]

    /// A document of 2–5 blocks, blank lines between them, and the note
    /// `[^n]` and the definition `[l m]` after them. A line whose last word
    /// is URL-shaped gets no backslash at its end: before a lazy line's
    /// whitespace that is docs/extensions.md's known difference 9, pinned
    /// in `FuzzFindingTests.knownFindings`.
    package static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        func words() -> String {
            let line = (0..<random.int(in: 1...3)).map { _ in random.pick(Self.words) }.joined(separator: " ")
            let end = random.pick(lineEnds)
            return line.hasSuffix("_b") && end == "\\" ? line : line + end
        }
        var blocks: [String] = []
        for _ in 0..<random.int(in: 2...5) {
            let prefix = random.pick(prefixes)
            let indent = prefix.hasPrefix(">") ? "> " : String(repeating: " ", count: prefix.count)
            var lines = [prefix + words()]
            for _ in 0..<random.int(in: 1...3) {
                let lead = String(repeating: " ", count: random.below(4))
                let start = random.chance(60) ? lead : indent
                lines.append(start + words())
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n\n[^n]: note\n\n[l m]: /u\n"
    }
}
