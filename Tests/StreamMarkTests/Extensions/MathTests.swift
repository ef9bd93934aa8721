import StreamMark
import StreamMarkTestSupport
import Testing

/// TeX math in the tree: which text is math (hand cases, and pandoc's
/// CommonMark reader as the oracle on dollar math), what binds tighter,
/// the extension switch, and streaming at every byte.
@Suite struct MathTests {
    static func inlines(_ markdown: String, _ extensions: ParseOptions.Extensions = .standard) -> [Inline] {
        let tree = MarkdownParser(options: ParseOptions(extensions: extensions)).parse(markdown)
        return tree.children.first?.kind.inlines ?? []
    }

    /// Hand cases: the expected inlines are written out.
    static let cases: [(String, [Inline])] = [
        ("$x$", [.math("x", display: false)]),
        ("a $a*b*c$ b", [.text("a "), .math("a*b*c", display: false), .text(" b")]),
        ("$$x^2$$", [.math("x^2", display: true)]),
        ("$$\nx = 1\n$$", [.math("\nx = 1\n", display: true)]),
        (#"\(a<b\) and \[c\]"#, [.math("a<b", display: false), .text(" and "), .math("c", display: true)]),
        (#"$a\$b$"#, [.math(#"a\$b"#, display: false)]),
        (#"$\{a\}$"#, [.math(#"\{a\}"#, display: false)]),
        ("${a$b}$", [.math("{a$b}", display: false)]),
        ("*$x$*", [.emphasis([.math("x", display: false)])]),
        ("$x$_a_", [.math("x", display: false), .emphasis([.text("a")])]),
        ("[$x$](/u)", [.link(destination: "/u", title: "", children: [.math("x", display: false)])]),
        ("[a](u$x$)", [.link(destination: "u$x$", title: "", children: [.text("a")])]),
        ("`$x$` $y$", [.code("$x$"), .text(" "), .math("y", display: false)]),
        ("$a`b$ c`", [.math("a`b", display: false), .text(" c`")]),
        ("$$a$", [.text("$"), .math("a", display: false)]),
        ("$x$$y$", [.math("x", display: false), .math("y", display: false)]),
        // Text: prices, spaces inside the dollars, a brace that closes nothing.
        ("$5 and $10", [.text("$5 and $10")]),
        ("$5-$10", [.text("$5-$10")]),
        ("$a$1", [.text("$a$1")]),
        ("$ a$", [.text("$ a$")]),
        ("$a $", [.text("$a $")]),
        ("$}$", [.text("$}$")]),
        (#"\$x$"#, [.text("$x$")]),
        (#"\\(x\\)"#, [.text(#"\(x\)"#)]),
        (#"\(\)"#, [.text("()")]),
    ]

    @Test(arguments: cases.indices)
    func handCase(_ index: Int) {
        let (markdown, expected) = Self.cases[index]
        #expect(Self.inlines(markdown) == expected, "\(markdown)")
    }

    @Test func mathFenceIsAMathBlock() {
        let tree = MarkdownParser().parse("```math\n\\sum_k k\n```\n\n```mathematica\nx\n```\n")
        #expect(tree.children[0].kind == .math(tex: "\\sum_k k\n"))
        guard case .codeBlock(let code) = tree.children[1].kind else {
            Issue.record("a fence whose language is not math stays code")
            return
        }
        #expect(code.info == "mathematica")
    }

    @Test func headingsAndQuotesAndItemsHoldMath() {
        let tree = MarkdownParser().parse("# $x$\n\n> a $b\n> c$\n\n- $d\n  e$\n")
        #expect(tree.children[0].kind == .heading(level: 1, inlines: [.math("x", display: false)]))
        #expect(tree.children[1].children[0].kind.inlines == [.text("a "), .math("b\nc", display: false)])
        #expect(tree.children[2].children[0].children[0].kind.inlines == [.math("d\ne", display: false)])
    }

    @Test func extensionOffLeavesTheText() {
        #expect(Self.inlines("$x$ \\(y\\)", .gfm) == [.text("$x$ (y)")])
        let tree = MarkdownParser(options: ParseOptions(extensions: .gfm)).parse("```math\nx\n```\n")
        guard case .codeBlock = tree.children[0].kind else {
            Issue.record("without math a math fence is code")
            return
        }
    }

    // MARK: - pandoc

    /// The text as handed to both parsers: `\(`, `\)`, `\[` and `\]` get
    /// a second backslash (pandoc's CommonMark reader has no such math;
    /// both then read an escaped backslash), and a space goes between a
    /// `$` and a digit after it (the digit rule, which pandoc's CommonMark
    /// reader lacks, is tested on its own below).
    static func comparable(_ markdown: String) -> String {
        var out = ""
        var backslashes = 0
        var previous: Character? = nil
        for character in markdown {
            // An odd run of backslashes before a bracket opens or closes
            // bracket math: one more makes it an escaped backslash.
            if backslashes % 2 == 1, "()[]".contains(character) { out.append("\\") }
            if previous == "$", character.isASCII, character.isNumber { out.append(" ") }
            out.append(character)
            backslashes = character == "\\" ? backslashes + 1 : 0
            previous = character
        }
        return out
    }

    /// Whether pandoc 2.17 (Debian's) found inline math whose TeX ends
    /// with a line break: commonmark-extensions 0.2.4 (2023) stopped that
    /// ("inline math can't end with newline"), and we follow it.
    static func endsWithLineBreak(_ math: [Pandoc.Math]) -> Bool {
        math.contains { !$0.display && ($0.tex.hasSuffix("\n") || $0.tex.hasSuffix("\r")) }
    }

    /// Our math inlines of `markdown`, in document order, as pandoc's nodes.
    static func ourMath(_ markdown: String) -> [Pandoc.Math] {
        var found: [Pandoc.Math] = []
        func walk(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case .math(let tex, let display): found.append(Pandoc.Math(display: display, tex: tex))
                case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .image(_, _, let c):
                    walk(c)
                default: break
                }
            }
        }
        MarkdownParser().parse(markdown).forEach { block in
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines): walk(inlines)
            case .table(let table): for cell in table.header { walk(cell.inlines) }
            case .tableRow(let cells): for cell in cells { walk(cell.inlines) }
            default: break
            }
        }
        return found
    }

    static let pandocCases: [String] =
        cases.map(\.0) + [
            "Prices: $5 and $10, $3.50 each.", "echo $HOME and $PATH", "`a $b` $c$ `d$`", "<span>$x$</span>",
            "<a href=\"$x$\">$y$</a>", "a $$x$$ b", "$$ x $$", "$$\n\\frac12\n$$\ntext", "$a\n\nb$", "$a\nb$",
            "~~$x$~~", "![$x$](u)", "$x$\\", "$\\\\$", "$a\\\\$b$", "${}$", "$$}$$", "$$$$", "$$$", "$ $", "$\t$",
            "*a $b* c$", "[a $b](u) c$", "$x$<b>$y$</b>", "&#36;x$", "$x&#36;", "_$a$_", "__$a$__b", "a$b$c",
            "$$a$$$", "\\$$x$$", "$\\$", "# $a$ #", "Setext $a\n=", "> $a\n> $", "1. $x$\n2. $$y$$",
            // A footnote reference inside math is TeX (a fuzz finding:
            // the math showed the footnote pass's stand-ins).
            "$[^1]$", "$[^{18}F]$FDG", "x [^2] $a[^2]$", "| a |\n|-|\n| $[^1]$ |", "$$[^1]$$",
        ]

    @Test func pandocAgreesOnHandCases() throws {
        var failures: [String] = []
        for markdown in Self.pandocCases {
            let text = Self.comparable(markdown)
            let theirs = try Pandoc.math(text)
            let ours = Self.ourMath(text)
            if theirs != ours, !Self.endsWithLineBreak(theirs) {
                failures.append("\(text.debugDescription): pandoc \(theirs), ours \(ours)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(4))")
    }

    /// The Corpus answers and documents, and the math feature answer.
    @Test func pandocAgreesOnTheCorpus() throws {
        let files =
            CorpusAnswers.names.map { "llm/" + $0 } + ["features/math-answer.md", "features/alerts-answer.md"]
            + ["documents/rust-platform-support.md", "documents/swift-evolution-0306-actors.md"]
        var mathSeen = 0
        for file in files {
            let text = Self.comparable(String(decoding: CorpusFiles.bytes(file), as: UTF8.self))
            let theirs = try Pandoc.math(text)
            let ours = Self.ourMath(text)
            mathSeen += ours.count
            guard theirs != ours else { continue }
            let index = zip(theirs, ours).prefix { $0 == $1 }.count
            Issue.record(
                """
                \(file): first difference at \(index) of \(theirs.count) vs \(ours.count): \
                pandoc \(theirs.dropFirst(index).prefix(1)), ours \(ours.dropFirst(index).prefix(1))
                """)
        }
        #expect(mathSeen > 20)
    }

    /// Random inline text over the characters that matter to math, in
    /// batches (one pandoc run each).
    @Test(arguments: UInt64(1)...4)
    func pandocAgreesOnRandomText(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let alphabet: [String] = [
            "$", "$", "$", "$$", "\\", "{", "}", "`", "a", "b", " ", "\n", "*", "_", "<", ">", "[", "]", "(", ")", "1",
            "x^2", "\\$",
        ]
        var cases: [String] = []
        for _ in 0..<60 {
            var text = "p"
            for _ in 0..<(1 + random.next() % 14) { text += alphabet[Int(random.next() % UInt64(alphabet.count))] }
            cases.append(Self.comparable(text))
        }
        // Each case is one paragraph (no blank line inside), closed by a
        // thematic break so no construct reaches the next one.
        let document = cases.map { $0.replacingOccurrences(of: "\n\n", with: "\n") }.joined(separator: "\n\n***\n\n")
        let theirs = try Pandoc.math(document)
        let ours = Self.ourMath(document)
        guard theirs != ours else { return }
        var known = 0
        for text in cases {
            let one = text.replacingOccurrences(of: "\n\n", with: "\n")
            let (t, o) = (try Pandoc.math(one), Self.ourMath(one))
            guard t != o else { continue }
            guard Self.endsWithLineBreak(t) else {
                Issue.record("\(one.debugDescription): pandoc \(t), ours \(o)")
                return
            }
            known += 1
        }
        #expect(known > 0, "the batch differs but no case alone does")
        #expect(known < 10, "\(known) of 60 cases differ only by a line break at the end of inline math")
    }

    /// pandoc's CommonMark reader closes dollar math before a digit; we do
    /// not (pandoc's Markdown reader and GitHub do not either), so prices
    /// stay text.
    @Test(arguments: ["$5-$10 a month", "(300*$5) + (250*$5)", "$a$1"])
    func closingDollarBeforeADigitIsText(_ markdown: String) throws {
        #expect(try !Pandoc.math(markdown).isEmpty)
        #expect(Self.ourMath(markdown).isEmpty)
    }

    /// Debian's pandoc (2.17) ends inline math with a line break; newer
    /// commonmark-extensions and we do not.
    @Test(arguments: ["> $a\n> $", "costs $5 and\n$ more"])
    func inlineMathEndingWithALineBreakIsText(_ markdown: String) throws {
        #expect(try Self.endsWithLineBreak(Pandoc.math(markdown)))
        #expect(Self.ourMath(markdown).isEmpty)
    }

    // MARK: - Streaming

    /// The hand cases and pandoc cases at every byte: math opens as text
    /// and becomes math when its closer arrives, exactly as the one-shot
    /// parse of each prefix.
    @Test func casesStreamLikeTheOneShotParse() {
        let harness = PrefixHarness(options: ParseOptions())
        var failures: [String] = []
        var prefixes = 0
        for text in Self.cases.map(\.0) + Self.pandocCases {
            for suffix in ["", " tail\n", "\n\nnext $y$ paragraph\n"] {
                let report = harness.verify(name: text, bytes: Array((text + suffix).utf8), chunking: .everyByte)
                prefixes += report.prefixesChecked
                if let violation = report.violations.first { failures.append(violation.description) }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failed; first: \(failures.prefix(3))")
        #expect(prefixes > 2_000)
    }

    /// The math answer: every byte, and mixed chunkings from 1 to hundreds
    /// of bytes.
    @Test func mathAnswerStreamsAtEveryByteAndMixedChunks() {
        let bytes = CorpusFiles.bytes("features/math-answer.md")
        let harness = PrefixHarness(options: ParseOptions())
        var reports = [harness.verify(name: "math-answer", bytes: bytes, chunking: .everyByte)]
        for seed in UInt64(0)..<6 {
            reports.append(harness.verify(name: "math-answer", bytes: bytes, chunking: .mixed(seed: seed)))
        }
        for size in [2, 3, 5, 8, 13, 64] {
            reports.append(harness.verify(name: "math-answer", bytes: bytes, chunking: .fixed(size)))
        }
        for report in reports {
            #expect(report.violations.isEmpty, "\(report.chunking): \(report.violations.prefix(2))")
        }
        #expect(reports[0].prefixesChecked >= bytes.count - 8)
        #expect(Self.ourMath(String(decoding: bytes, as: UTF8.self)).count >= 30)
    }
}
