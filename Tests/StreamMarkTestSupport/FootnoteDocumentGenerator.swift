import StreamMark

/// Random documents dense in footnote shapes, for the differential and
/// streaming tests: definitions at the margin, indented, in quotes and
/// items, with lazy lines, empty and whitespace-only lines, continuations
/// of four and eight columns, lists, fences and nested markers; references
/// to a pool of labels in three letter cases and to undefined ones, in
/// emphasis, links, headings and table cells.
public enum FootnoteDocumentGenerator {
    /// Lines a document is made of; `{L}` is a label of the pool.
    static let fragments = [
        "[^{L}]: note text", "[^{L}]:", "   [^{L}]: three", "    [^{L}]: indented four", "> [^{L}]: quoted",
        "- [^{L}]: in item", "1. [^{L}]: in ordered", "    continuation", "        code in note", "", "", "  ",
        ">", "> quote text", ">     quote indented", "lazy text", "- item", "+ item", "* item", "1. item",
        "    - sub item", "```", "~~~", "# heading[^{L}]", "---", "***", "===", "| a | b[^{L}] |", "| - | - |",
        "<div>", "paragraph with a [^{L}] ref", "\tcontinuation", "  - item two", "[x]: /url",
        "    [^{L}]: nested", "[^{L}]: [^{L}]: two on a line", "- [ ] task", "    > quote in note",
        "text[^{L}] and *em[^{L}]* and [link[^{L}]](/u)", "a [^{L}] b [^{L}] c", "[^{L}][x] and [^{L}][]",
        "see[^{L}].", "[^{L}]: a [^{L}] inside",
    ]
    static let labels = ["1", "2", "note", "Note", "NOTE", "x-y", "nope", "ä", "Ä"]

    /// Lines for ``listKindDocument(using:)``: list items of all five
    /// marker kinds next to notes whose rest may itself start a list.
    static let listKindFragments = [
        "- a", "+ b", "* c", "1. d", "1) e", "-", "+", "2)", "3.", "  - nested", "[^{L}]: x", "[^{L}]: -",
        "[^{L}]:", "[^{L}]: * y", "[^{L}]: 1) z", "[^{L}]: ---", "", "p", "    continued", "see[^{L}]",
        "- [^{L}]: in item", "> [^{L}]: quoted", "> + q",
    ]

    /// One document of 6–14 lines that uses every list marker kind (`-`,
    /// `+`, `*`, `1.`, `1)`), so that no kind is left for a note's stand-in
    /// item that no line uses: the five kinds' items in a random order
    /// among random lines of ``listKindFragments``.
    package static func listKindDocument(using random: inout SplitMix64) -> String {
        var lines = ["- a", "+ b", "* c", "1. d", "1) e"]
        for _ in 0..<Int.random(in: 1...9, using: &random) {
            var line = listKindFragments.randomElement(using: &random)!
            while let range = line.range(of: "{L}") {
                line.replaceSubrange(range, with: labels.prefix(3).randomElement(using: &random)!)
            }
            lines.insert(line, at: Int.random(in: 0...lines.count, using: &random))
        }
        return lines.joined(separator: "\n") + "\n\nuses [^1] [^2] [^note]\n"
    }

    /// One document of 3–16 lines.
    package static func document(using random: inout SplitMix64) -> String {
        var lines: [String] = []
        for _ in 0..<Int.random(in: 3...16, using: &random) {
            var line = fragments.randomElement(using: &random)!
            while let range = line.range(of: "{L}") {
                line.replaceSubrange(range, with: labels.randomElement(using: &random)!)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
