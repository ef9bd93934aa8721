import StreamMark

/// Seeded documents whose paragraphs begin with link reference definitions
/// and may go on with a table's delimiter row, or follow a table's `=` row:
/// cmark-gfm makes the table while the paragraph is open, so its
/// definitions define nothing, and the labels they name link (or not) in
/// paragraphs before and after
/// (``UnreadDefinitions`` in the engine; docs/extensions.md, "Definitions
/// in a table's paragraph"). Quotes and list items hold some of them.
package enum TableDefinitionGenerator {
    private static let labels = ["a", "b", "C"]
    private static let prefixes = ["", "", "", "> ", "- ", "1. "]
    private static let rows = ["-|-", "|-", "-|-|-", ":-", "--:|:--", "| - |", "-", "==="]
    private static let bodies = ["c|d", "[a]|[b]", "e", "[b]: /b9"]

    /// A document of blocks separated by blank lines or not: paragraphs of
    /// uses, and paragraphs of definition-like lines that a delimiter row
    /// and body rows may follow.
    package static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        func definition() -> String {
            let label = random.pick(labels)
            switch random.below(6) {
            case 0: return "[\(label)]:"
            case 1: return "[\(label)]: /\(label.lowercased())|x"
            case 2: return "[\(label)]:\n/\(label.lowercased())2"
            case 3: return "[\(label)]: /\(label.lowercased()) 't|u'"
            case 4: return "h|[\(label)]"
            default: return "[\(label)]: /\(label.lowercased())\(random.below(9))"
            }
        }
        func uses() -> String {
            (0..<random.int(in: 1...3)).map { _ in
                (random.chance(30) ? "\\~ " : "") + "[\(random.pick(labels))]"
            }.joined(separator: " ")
        }
        var document = uses() + (random.chance(65) ? "\n\n" : "\n")
        for _ in 0..<random.int(in: 2...5) {
            var lines: [String]
            if random.chance(25) {
                lines = [uses()]
            } else if random.chance(20) {
                // A table, a `=` row (a setext underline for cmark), then
                // definition lines: rows for cmark-gfm.
                lines = ["h|[\(random.pick(labels))]", random.pick(["-|-", ":-:"]), "="]
                lines += (0..<random.int(in: 1...2)).map { _ in definition() }
            } else {
                lines = (0..<random.int(in: 1...3)).map { _ in definition() }
                if random.chance(75) { lines.append(random.pick(rows)) }
                if random.chance(40) { lines.append(random.pick(bodies)) }
            }
            let prefix = random.pick(prefixes)
            // A blank line after a quote or list item: a line right after
            // one would continue it lazily, and lines that leave a table's
            // containers are known difference 3 of docs/extensions.md.
            document += contained(lines.joined(separator: "\n"), in: prefix)
            document += prefix.isEmpty && random.chance(35) ? "\n" : "\n\n"
        }
        return document + uses() + "\n"
    }

    /// `text` in a quote or list item: the first line after `prefix`, the
    /// others after `> ` or as many spaces as the prefix is wide.
    private static func contained(_ text: String, in prefix: String) -> String {
        let quoted = prefix.hasPrefix(">")
        let indent = String(repeating: " ", count: quoted ? 0 : prefix.count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index == 0 ? prefix + line : (quoted ? "> " : indent) + line
        }.joined(separator: "\n")
    }
}
