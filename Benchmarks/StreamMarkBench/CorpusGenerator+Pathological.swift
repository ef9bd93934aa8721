extension CorpusGenerator {
    /// The inputs that made cmark, md4c and other parsers quadratic or crash
    /// (after cmark's `test/pathological_tests.py` and md4c's bug reports).
    /// The size parameter is the repetition count.
    static let pathologicalShapes: [Shape] = [
        // > > > > … a
        Shape(name: "pathological-nested-blockquotes", full: 5_000, small: 2_000) { count in
            String(repeating: "> ", count: count) + "a\n"
        },
        // * a / ··* a / ····* a …: each item nested in the previous one.
        Shape(name: "pathological-nested-lists", full: 300, small: 100) { count in
            (0..<count).map { String(repeating: "  ", count: $0) + "* a\n" }.joined()
        },
        Shape(name: "pathological-unclosed-brackets", full: 30_000, small: 5_000) { count in
            String(repeating: "[a", count: count) + "\n"
        },
        Shape(name: "pathological-unmatched-closing-brackets", full: 30_000, small: 5_000) { count in
            String(repeating: "a]", count: count) + "\n"
        },
        Shape(name: "pathological-nested-brackets", full: 30_000, small: 5_000) { count in
            String(repeating: "[", count: count) + "a" + String(repeating: "]", count: count) + "\n"
        },
        Shape(name: "pathological-nested-emphasis", full: 10_000, small: 1_000) { count in
            String(repeating: "*a **a ", count: count) + "b" + String(repeating: " a** a*", count: count) + "\n"
        },
        Shape(name: "pathological-emphasis-openers", full: 30_000, small: 5_000) { count in
            String(repeating: "_a ", count: count) + "\n"
        },
        Shape(name: "pathological-emphasis-closers", full: 30_000, small: 5_000) { count in
            String(repeating: "a_ ", count: count) + "\n"
        },
        Shape(name: "pathological-mismatched-emphasis", full: 30_000, small: 4_000) { count in
            String(repeating: "*a_ ", count: count) + "\n"
        },
        Shape(name: "pathological-emphasis-multiple-of-3", full: 30_000, small: 4_000) { count in
            "a**b" + String(repeating: "c* ", count: count) + "\n"
        },
        // ~~a b~ b~ b~ …: every closer finds the one opener, of another length.
        Shape(name: "pathological-tilde-closers", full: 100_000, small: 5_000) { count in
            "~~a " + String(repeating: "b~ ", count: count) + "\n"
        },
        // ~~a *b~~ c* …: every strikethrough pair drops an emphasis opener.
        Shape(name: "pathological-crossing-emphasis", full: 30_000, small: 1_000) { count in
            String(repeating: "~~a *b~~ c* ", count: count) + "\n"
        },
        Shape(name: "pathological-star-and-underscore-runs", full: 100, small: 20) { count in
            // Lines of long delimiter runs of both kinds, between words.
            (0..<count).map { line in
                let run = 100 + (line * 37) % 900
                return "a" + String(repeating: "*", count: run) + "b" + String(repeating: "_", count: run) + "c\n"
            }.joined()
        },
        Shape(name: "pathological-link-openers-emphasis-closers", full: 30_000, small: 4_000) { count in
            String(repeating: "[ a_", count: count) + "\n"
        },
        Shape(name: "pathological-unclosed-link-destinations", full: 20_000, small: 2_000) { count in
            String(repeating: "[a](<b", count: count / 2) + String(repeating: "[a](b", count: count / 2) + "\n"
        },
        Shape(name: "pathological-backticks", full: 500, small: 180) { count in
            // e` e`` e``` …: a run of every length, none closed.
            (1..<count).map { "e" + String(repeating: "`", count: $0) }.joined() + "\n"
        },
        Shape(name: "pathological-angle-brackets", full: 30_000, small: 4_000) { count in
            String(repeating: "<", count: count) + "\n\n" + String(repeating: "<a ", count: count / 2) + "\n\n"
                + "</" + String(repeating: "<!--", count: count / 4) + "\n"
        },
        Shape(name: "pathological-many-references", full: 5_000, small: 500) { count in
            (0..<count).map { "[\($0)]: u\n" }.joined() + "\n" + String(repeating: "[0] ", count: count) + "\n"
        },
        // see[^missing] see[^missing] …: one paragraph of footnote references
        // to a label nothing defines, each written back as its source text.
        Shape(name: "pathological-footnote-references", full: 20_000, small: 1_500) { count in
            String(repeating: "see[^missing] ", count: count) + "\n"
        },
        // $a \(b ${c \[d …: math openers of every kind, none closed (each
        // would look for its closer to the end of the paragraph).
        Shape(name: "pathological-unclosed-math", full: 30_000, small: 4_000) { count in
            String(repeating: "$a \\(b ${c \\[d ", count: count / 4) + "\n"
        },
        // $$$$…: a run of dollars, read as empty display math four at a time.
        Shape(name: "pathological-dollar-runs", full: 30_000, small: 5_000) { count in
            String(repeating: "$", count: count) + "\n"
        },
        Shape(name: "pathological-table-columns", full: 20_000, small: 2_000) { count in
            // A wide table header with many short rows (cmark-gfm's quadratic case).
            String(repeating: "| a ", count: 50) + "|\n" + String(repeating: "| - ", count: 50) + "|\n"
                + String(repeating: "| x |\n", count: count)
        },
    ]
}
