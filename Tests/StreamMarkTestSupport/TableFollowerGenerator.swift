import StreamMark

/// Seeded documents of short tables followed by what cmark-gfm parses
/// differently from a paragraph's continuation: lines that end a table
/// (indented code, list items that cannot interrupt a paragraph, HTML of
/// kind 7, rows without cells), the blocks after them with and without
/// blank lines between (items of the same list, indented paragraphs,
/// more indented code, fences, headings), sometimes inside a block quote
/// or a list item. cmark joins those lines to the table's paragraph;
/// cmark-gfm parses them as blocks that may take in the blocks after them.
///
/// Integer arithmetic only (``SplitMix64``), so a seed gives the same bytes
/// everywhere.
public enum TableFollowerGenerator {
    static let headers = ["a|b", "| a | b |", "x", "| `c|d` | e |", "h | [x] |"]
    static let delimiters = ["-|-", "|---|---|", ":-:", "|-|-|", "-:"]
    static let rows = ["c|d", "| 1 | 2 |", "e", "| f | [x] |"]
    static let after = [
        "    code", "\tcode", "2) item", "3) item", "2. two", "-", "*", "<a>", "<b c=\"d\">", "</a>", "|", "||",
        "   indented", "  two", "x", "# h", "> q", "- b", "1. one", "```", "~~~", "***", "[x]: /u", "[x]",
        "www.a.com", "    more", "<div>", "<!-- c -->",
    ]

    static let htmlOfKind7: Set<String> = ["<a>", "<b c=\"d\">", "</a>"]

    /// One document: 1–3 tables, each followed by 1–6 lines from ``after``
    /// with blank lines between some of them.
    public static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for _ in 0..<random.int(in: 1...3) {
            lines.append(random.pick(headers))
            lines.append(random.pick(delimiters))
            for _ in 0..<random.below(3) { lines.append(random.pick(rows)) }
            var previousIsTableOrBlank = true
            for _ in 0..<random.int(in: 1...6) {
                if random.chance(30) {
                    lines.append("")
                    previousIsTableOrBlank = true
                }
                var line = random.pick(after)
                // A tag line (HTML of kind 7) after a lazy paragraph line is
                // a core CommonMark 0.29/0.30 difference: only after the
                // table or a blank line.
                if !previousIsTableOrBlank, htmlOfKind7.contains(line) { line = "x" }
                lines.append(line)
                previousIsTableOrBlank = false
            }
            lines.append("")
        }
        let prefix: String
        switch random.below(6) {
        case 0: prefix = "> "
        case 1: prefix = "  "
        default: prefix = ""
        }
        var text = lines.map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n")
        if prefix == "  " { text = "- " + text.dropFirst(2) }
        if random.chance(20) { text = String(text.dropLast()) }
        return text + "\n"
    }

    /// One list of 1–4 items, some holding a table after a paragraph line;
    /// after a table may come a line without the item's indentation (it
    /// ends the list for cmark-gfm, and is lazy text for cmark), then blank
    /// lines and more items. Sometimes inside a block quote.
    public static func listDocument(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        let marker = random.pick(["- ", "1. ", "* "])
        let indent = String(repeating: " ", count: marker.count)
        var lines: [String] = []
        for _ in 0..<random.int(in: 1...4) {
            lines.append(marker + random.pick(["C", "a b", "[x]", ""]))
            if random.chance(30) { lines.append("") }
            if random.chance(70) {
                lines.append(indent + random.pick(headers))
                lines.append(indent + random.pick(delimiters))
                for _ in 0..<random.below(2) { lines.append(indent + random.pick(rows)) }
                if random.chance(60) {
                    lines.append(random.pick(["x", "|", "a b", "c|d", " y"]))
                    // An item that cannot interrupt a paragraph, and one that can.
                    if random.chance(30) { lines.append(random.pick(["4.", "-", "2) x", "1.", "- b"])) }
                }
            } else if random.chance(50) {
                lines.append(indent + random.pick(["more", "```", "> q"]))
            }
            if random.chance(50) { lines.append("") }
        }
        let quoted = random.chance(25)
        return lines.map { quoted ? ($0.isEmpty ? ">" : "> " + $0) : $0 }.joined(separator: "\n") + "\n"
    }

    /// A table in a list item or a block quote, then lines at the margin
    /// that leave its containers for cmark-gfm (lazy text for cmark):
    /// definitions of `a`, `b` and `c` (each label at most once among
    /// them), an unfinished one, text; uses of the labels before, in the
    /// table and after; sometimes a fence, and definitions of the same
    /// labels before and after.
    public static func escapedDefinitionDocument(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = random.chance(40) ? ["Before [a] and [b][].", ""] : []
        if random.chance(20) { lines = ["[b]: /early", ""] + lines }
        let (marker, indent) = random.pick([("- ", "  "), ("1. ", "   "), ("> ", "> "), ("> - ", ">   ")])
        if random.chance(40) {
            lines.append(marker + "item")
            lines.append(indent + random.pick(["[a]|b", "a|[b]", "x|y", "[a] | [c][]"]))
        } else {
            lines.append(marker + random.pick(["[a]|b", "a|[b]", "x|y", "[a] | [c][]"]))
        }
        lines.append(indent + random.pick(["-|-", "--|:-"]))
        for _ in 0..<random.below(3) { lines.append(indent + random.pick(["c|d", "[a]|e", "[b]|"])) }
        var labels = ["a", "b", "c"]
        for _ in 0..<random.int(in: 1...3) {
            switch random.below(6) {
            case 0: lines.append("x [a]")
            case 1: lines.append("[a]:")
            case 2: lines.append(random.pick(["```", "    [c]: /code"]))
            default:
                guard !labels.isEmpty else { break }
                let label = labels.remove(at: random.below(labels.count))
                lines.append("[\(label)]: " + random.pick(["/u", "/v \"t\"", "<w>"]))
            }
        }
        if random.chance(70) { lines += ["", random.pick(["[a] [b] [c]", "[a][] and [b]", "- [c]"])] }
        if random.chance(20) { lines += ["", "[a]: /later"] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table (at the margin, in a block quote or in a list item), then
    /// a line that ends it for cmark-gfm and continues its paragraph for
    /// cmark (indented code, HTML, an item that cannot interrupt a
    /// paragraph), then lines among definitions of `a`, `b` and `c`, text
    /// and more code: cmark read them as the paragraph's text, where no
    /// definition starts; cmark-gfm reads the definitions after a block
    /// the line began. Uses of the labels before, in the table and after,
    /// and sometimes definitions of the same labels before and after.
    public static func remainderDefinitionDocument(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = random.chance(30) ? ["[b]: /early", ""] : []
        if random.chance(40) { lines += ["Before [a] and [c][].", ""] }
        let prefix = random.pick(["", "", "> ", "- ", "1. "])
        let indent = prefix.hasSuffix(". ") ? "   " : prefix == "- " ? "  " : prefix
        var table = [random.pick(["a|[b]", "[a] | [c][]", "x|y", "h | [x] |"]), random.pick(["-|-", "--|:-"])]
        for _ in 0..<random.below(3) { table.append(random.pick(["c|d", "[a]|e", "[b]|"])) }
        table.append(random.pick(["    more", "\tcode", "<a>", "<div>", "2) item", "-", "*", "   [c]: /x"]))
        var labels = ["a", "b", "c", "x"]
        for _ in 0..<random.int(in: 1...3) {
            switch random.below(7) {
            case 0: table.append("x [a]")
            case 1: table.append("[b]:")
            case 2: table.append(random.pick(["    [c]: /code", "```", ""]))
            default:
                guard !labels.isEmpty else { break }
                let label = labels.remove(at: random.below(labels.count))
                table.append("[\(label)]: " + random.pick(["/u", "/v \"t\"", "<w>"]))
            }
        }
        lines.append(prefix + table[0])
        lines += table.dropFirst().map { $0.isEmpty ? "" : indent + $0 }
        if random.chance(70) { lines += ["", random.pick(["[a] [b] [c]", "[a][] and [x]", "- [c]"])] }
        if random.chance(20) { lines += ["", "[a]: /later"] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table in a list item, a block quote or a footnote, then a line in
    /// the container that begins a block other than a row (indented code,
    /// HTML, an item, a heading, a quote, a fence), then lines without the
    /// container's prefix: lazy text of the table's paragraph for cmark;
    /// for cmark-gfm, lines that leave the container unless the block is
    /// a paragraph they continue.
    public static func lazyLineDocument(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        let (first, indent) = random.pick([
            ("- ", "  "), ("2. ", "   "), ("> ", "> "), ("> - ", ">   "), ("[^1]:", "    "), ("- > ", "  > "),
        ])
        var lines = [first + random.pick(["a|b", "|||||n", "x|[y]"]), indent + random.pick(["-|-", "-|-|-|-|-"])]
        for _ in 0..<random.below(2) { lines.append(indent + "c|d") }
        lines.append(
            indent + random.pick(["    code", "<div>", "- c", "2) c", "# h", "> q", "```", "    ;", "***", "1. c"]))
        if random.chance(30) { lines.append(indent + random.pick(["    more", "d", "x|y"])) }
        for _ in 0..<random.int(in: 1...2) { lines.append(random.pick(["x", "|", "[", "- y", "a|b", "  z", "# g"])) }
        if random.chance(40) { lines += ["", random.pick(["- c", "2. d", "p", "    q"])] }
        if first == "[^1]:" { lines = ["See[^1].", ""] + lines }
        return lines.joined(separator: "\n") + (random.chance(80) ? "\n" : "")
    }
}
