import StreamMark
import StreamMarkHighlight
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// Code blocks in the terminal: highlighted with color in a known language,
/// exactly as before otherwise. Expected colors are written by hand (the
/// table below), independently of the renderer's palette; the highlighter
/// only says which bytes are tokens of which kind.
@Suite("Terminal code highlighting")
struct TerminalRendererCodeTests {
    /// The expected style of each kind's cells, by theme, written by hand:
    /// (foreground, bold, italic); kinds not listed are plain code text.
    static let expectedStyles: [TerminalTheme: [HighlightKind: (Int, Bool, Bool)]] = [
        .dark: [
            .keyword: (170, true, false), .subst: (170, false, false), .selectorPseudo: (170, false, false),
            .variableLanguage: (170, false, true), .string: (114, false, false), .number: (209, false, false),
            .literal: (209, false, false), .symbol: (209, false, false), .bullet: (209, false, false),
            .selectorAttr: (209, false, false), .comment: (245, false, true), .doctag: (245, true, true),
            .titleFunction: (75, true, false), .title: (75, true, false), .section: (75, true, false),
            .selectorID: (75, false, false), .titleClass: (221, true, false), .type: (221, false, false),
            .selectorClass: (221, false, false), .builtIn: (80, false, false), .attr: (117, false, false),
            .attribute: (117, false, false), .property: (117, false, false), .variable: (210, false, false),
            .templateVariable: (210, false, false), .name: (204, false, false), .selectorTag: (204, false, false),
            .tag: (245, false, false), .meta: (139, false, false), .regexp: (43, false, false),
            .charEscape: (43, false, false), .addition: (114, false, false), .deletion: (203, false, false),
        ],
        .light: [
            .keyword: (161, true, false), .subst: (161, false, false), .selectorPseudo: (161, false, false),
            .variableLanguage: (161, false, true), .string: (28, false, false), .number: (130, false, false),
            .literal: (130, false, false), .symbol: (130, false, false), .bullet: (130, false, false),
            .selectorAttr: (130, false, false), .comment: (243, false, true), .doctag: (243, true, true),
            .titleFunction: (25, true, false), .title: (25, true, false), .section: (25, true, false),
            .selectorID: (25, false, false), .titleClass: (91, true, false), .type: (91, false, false),
            .selectorClass: (91, false, false), .builtIn: (23, false, false), .attr: (18, false, false),
            .attribute: (18, false, false), .property: (18, false, false), .variable: (94, false, false),
            .templateVariable: (94, false, false), .name: (124, false, false), .selectorTag: (124, false, false),
            .tag: (243, false, false), .meta: (96, false, false), .regexp: (29, false, false),
            .charEscape: (29, false, false), .addition: (28, false, false), .deletion: (160, false, false),
        ],
    ]

    /// Plain code text: today's 223 on dark, 236 on light.
    static let codeText: [TerminalTheme: Int] = [.dark: 223, .light: 236]

    static func render(_ markdown: String, _ options: TerminalOptions) -> String {
        TerminalRenderer(options: options).render(document: MarkdownParser().parse(markdown))
    }

    static let dark = TerminalOptions(width: 40, color: true)
    static let light = TerminalOptions(width: 40, color: true, theme: .light)

    @Test func pythonOnDarkByHand() {
        let frame = "\u{1B}[38;5;240m"
        let bar = frame + "│ \u{1B}[0m"
        let expected = [
            frame + "╭─\u{1B}[0m\u{1B}[3;38;5;180m python\u{1B}[0m",
            bar + "\u{1B}[1;38;5;170mdef\u{1B}[0m\u{1B}[38;5;223m \u{1B}[0m\u{1B}[1;38;5;75mf\u{1B}[0m"
                + "\u{1B}[38;5;223m(x):\u{1B}[0m",
            bar + "\u{1B}[38;5;223m    \u{1B}[0m\u{1B}[1;38;5;170mreturn\u{1B}[0m\u{1B}[38;5;223m \u{1B}[0m"
                + "\u{1B}[38;5;114m'a'\u{1B}[0m\u{1B}[38;5;223m + \u{1B}[0m\u{1B}[38;5;209m1\u{1B}[0m"
                + "\u{1B}[38;5;223m  \u{1B}[0m\u{1B}[3;38;5;245m# c\u{1B}[0m",
            frame + "╰─\u{1B}[0m",
        ]
        let markdown = "```python\ndef f(x):\n    return 'a' + 1  # c\n```\n"
        #expect(Self.render(markdown, Self.dark) == expected.joined(separator: "\n") + "\n")
    }

    @Test func pythonOnLightByHand() {
        let frame = "\u{1B}[38;5;246m"
        let bar = frame + "│ \u{1B}[0m"
        let expected = [
            frame + "╭─\u{1B}[0m\u{1B}[3;38;5;130m py\u{1B}[0m",
            bar + "\u{1B}[1;38;5;161mclass\u{1B}[0m\u{1B}[38;5;236m \u{1B}[0m\u{1B}[1;38;5;91mA\u{1B}[0m"
                + "\u{1B}[38;5;236m:\u{1B}[0m",
            bar + "\u{1B}[38;5;236m    x = \u{1B}[0m\u{1B}[38;5;130mNone\u{1B}[0m",
            frame + "╰─\u{1B}[0m",
        ]
        #expect(
            Self.render("```py\nclass A:\n    x = None\n```\n", Self.light) == expected.joined(separator: "\n") + "\n")
    }

    /// Tabs inside and before tokens expand to the next multiple of 4
    /// columns, counted across tokens.
    @Test func tabsExpandAcrossTokens() {
        let output = Self.render("```go\n\tx := \"a\tb\"\n```\n", Self.dark)
        let line = output.split(separator: "\n")[1]
        #expect(
            line == "\u{1B}[38;5;240m│ \u{1B}[0m\u{1B}[38;5;223m    x := \u{1B}[0m\u{1B}[38;5;114m\"a b\"\u{1B}[0m")
    }

    /// Unknown, missing and plain-text languages, and `highlightsCode` off:
    /// one color, as before highlighting (the old snapshot below pins it).
    @Test(arguments: [
        "```\nx = 1 # c\n```\n", "```brainfuck\n+++.\n```\n", "```text\ndef f(): pass\n```\n",
        "    def f(): pass\n", "~~~ \u{1B}[2J\nx = 1\n~~~\n",
    ])
    func unknownLanguagesAreOneColor(_ markdown: String) {
        let output = Self.render(markdown, Self.dark)
        #expect(output == Self.render(markdown, TerminalOptions(width: 40, color: true, highlightsCode: false)))
        // One style for the code text: the frame's, the label's and 223.
        let colors = Set(output.split(separator: "\u{1B}").compactMap { $0.split(separator: "m").first })
        #expect(colors.isSubset(of: ["[38;5;240", "[3;38;5;180", "[38;5;223", "[0"]), "\(colors)")
    }

    @Test func highlightsCodeOffDrawsOneColor() {
        let markdown = "```python\ndef f(): pass\n```\n"
        let output = Self.render(markdown, TerminalOptions(width: 40, color: true, highlightsCode: false))
        #expect(output.contains("\u{1B}[38;5;223mdef f(): pass\u{1B}[0m"))
    }

    /// Code blocks with color: every token's cells in the style of the
    /// hand-written table, the rest in the code color, over every code block
    /// of the Corpus in both themes — offsets, tabs and multi-byte text
    /// included. The expected cells are built here from the line's bytes
    /// and the highlighter's tokens, character by character.
    @Test(arguments: TerminalTheme.allCases)
    func corpusCodeCellsHaveTheirKindsColors(_ theme: TerminalTheme) {
        let renderer = TerminalRenderer(options: TerminalOptions(width: 80, color: true, theme: theme))
        var blocks = 0
        var tokens = 0
        for name in CorpusAnswers.names {
            MarkdownParser().parse(bytes: CorpusAnswers.bytes(name)).forEach { block in
                guard case .codeBlock(let code) = block.kind, let language = HighlightLanguage(infoString: code.info),
                    language != .plainText
                else { return }
                blocks += 1
                let lines = renderer.render(block, context: renderer.rootContext) { _, _ in [] }
                var terminal = VirtualTerminal(columns: 2000, rows: lines.count + 1)
                terminal.feed(lines.joined(separator: "\n") + "\n")
                let cells = terminal.cellLines
                let highlighted = language.highlight(text: code.literal.utf8)
                let sourceLines = code.literal.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
                for (index, line) in highlighted.enumerated() {
                    tokens += line.tokens.count
                    let expected = Self.expectedCells(Array(sourceLines[index]), line.tokens, theme: theme)
                    let got = index + 1 < cells.count ? Array(cells[index + 1].dropFirst(2)) : []
                    let same =
                        got.count == expected.count
                        && zip(got, expected).allSatisfy { $0.character == $1.0 && $0.style == $1.1 }
                    #expect(same, "\(name) line \(index + 1): \(String(got.map(\.character)))")
                    if !same { return }
                }
            }
        }
        #expect(blocks > 100)
        #expect(tokens > 3000)
    }

    /// The cells a code line should show: each character in the style of
    /// the token holding its first byte (or the code color), tabs expanded
    /// to multiples of 4 columns, controls as U+FFFD.
    static func expectedCells(_ bytes: [UInt8], _ tokens: [HighlightToken], theme: TerminalTheme)
        -> [(Character, VirtualTerminal.CellStyle)]
    {
        var plain = VirtualTerminal.CellStyle()
        plain.foreground = codeText[theme]
        var cells: [(Character, VirtualTerminal.CellStyle)] = []
        var offset = 0
        var column = 0
        for character in String(decoding: bytes, as: UTF8.self) {
            var style = plain
            if let token = tokens.first(where: { $0.range.contains(offset) }),
                let (color, bold, italic) = expectedStyles[theme]?[token.kind]
            {
                style.foreground = color
                style.bold = bold
                style.italic = italic
            }
            offset += character.utf8.count
            if character == "\t" {
                let spaces = 4 - column % 4
                cells += Array(repeating: (" ", style), count: spaces)
                column += spaces
                continue
            }
            let shown: Character =
                character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
                ? "\u{FFFD}" : character
            // One cell per character that takes columns (the terminal's
            // lines drop the second cell of a wide one).
            if DisplayWidth.of(shown) > 0 { cells.append((shown, style)) }
            column += DisplayWidth.of(shown)
        }
        return cells
    }

    /// Highlighting changes colors only: without the escape sequences, the
    /// output of every Corpus answer is the same highlighted or not.
    @Test(arguments: TerminalTheme.allCases)
    func highlightingKeepsTheText(_ theme: TerminalTheme) {
        for name in CorpusAnswers.names {
            let document = MarkdownParser().parse(bytes: CorpusAnswers.bytes(name))
            let on = TerminalRenderer(options: TerminalOptions(width: 70, color: true, theme: theme))
            let off = TerminalRenderer(
                options: TerminalOptions(width: 70, color: true, theme: theme, highlightsCode: false))
            #expect(
                TestSupport.strippingEscapes(on.render(document: document))
                    == TestSupport.strippingEscapes(off.render(document: document)), "\(name)")
        }
    }

    /// Without color nothing changes: no escape sequence, and the same
    /// output whatever the theme and the highlighting option (the unstyled
    /// snapshots pin that output).
    @Test func withoutColorThemesAndHighlightingChangeNothing() {
        for name in CorpusAnswers.names {
            let document = MarkdownParser().parse(bytes: CorpusAnswers.bytes(name))
            let outputs = [
                TerminalOptions(width: 70), TerminalOptions(width: 70, theme: .light),
                TerminalOptions(width: 70, highlightsCode: false),
            ].map { TerminalRenderer(options: $0).render(document: document) }
            #expect(!outputs[0].utf8.contains(0x1B), "\(name)")
            #expect(outputs.allSatisfy { $0 == outputs[0] }, "\(name)")
        }
    }
}
