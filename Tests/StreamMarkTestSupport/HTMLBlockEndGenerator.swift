import StreamMark

/// Seeded documents of HTML blocks that their end condition closes (a
/// comment's `-->`, `</script>`, `?>`, `>`, `]]>`), on their first line or
/// a later one and with text before or after the closer, followed by
/// definition lines and by paragraphs that use the labels they define.
/// cmark ends such a block's source position on the line before the one
/// that closed it; the engine takes the block's lines from its literal
/// (`CmarkNodeReader`), so a definition right after it reaches the frozen
/// paragraphs before. Quotes and list items hold some of them.
package enum HTMLBlockEndGenerator {
    private static let labels = ["x", "y"]
    private static let prefixes = ["", "", "", "> ", "- ", "1. "]
    /// Openers and closers of the five HTML block kinds an end condition closes.
    private static let kinds = [
        ("<!--", "-->"), ("<script>", "</script>"), ("<?", "?>"), ("<!X", ">"), ("<![CDATA[", "]]>"),
        ("<pre class=\"p\">", "</pre>"), ("<style>", "</style>"),
    ]

    /// A document of uses, HTML blocks and definition runs, separated by
    /// blank lines or not.
    package static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        func uses() -> String {
            (0..<random.int(in: 1...2)).map { _ in "[\(random.pick(labels))]" }.joined(separator: " ")
        }
        func htmlBlock() -> [String] {
            let (opener, closer) = random.pick(kinds)
            let before = random.pick(["", "c ", "*a* "])
            let after = random.pick(["", "", " d", " [x]"])
            if random.chance(30) { return [opener + " " + before + closer + after] }
            let middle = (0..<random.below(2)).map { _ in random.pick(["b", "[y]: /m", ""]) }
            return [opener] + middle + [before + closer + after]
        }
        var document = uses() + "\n\n"
        for _ in 0..<random.int(in: 2...4) {
            var lines = htmlBlock()
            lines += (0..<random.below(3)).map { _ in "[\(random.pick(labels))]: /\(random.below(9))" }
            if random.chance(30) { lines.append(uses()) }
            let prefix = random.pick(prefixes)
            document += contained(lines, in: prefix) + (random.chance(40) && prefix.isEmpty ? "\n" : "\n\n")
            if random.chance(50) { document += uses() + "\n\n" }
        }
        return document + uses() + "\n"
    }

    /// `lines` in a quote or list item: the first after `prefix`, the
    /// others after `> ` or as many spaces as the prefix is wide.
    private static func contained(_ lines: [String], in prefix: String) -> String {
        let quoted = prefix.hasPrefix(">")
        let indent = String(repeating: " ", count: quoted ? 0 : prefix.count)
        return lines.enumerated().map { index, line in
            index == 0 ? prefix + line : (quoted ? "> " : indent) + line
        }.joined(separator: "\n")
    }
}
