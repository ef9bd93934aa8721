import Foundation
import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// Math in the terminal: inline math converted in the math colour (between
/// `$` without colour), display math and math blocks on indented lines of
/// their own, wrapped to the width; the live writer draws them the same.
@Suite("Terminal math")
struct TerminalRendererMathTests {
    func render(_ markdown: String, width: Int = 40, color: Bool = false, theme: TerminalTheme = .dark) -> String {
        let options = TerminalOptions(width: width, color: color, theme: theme)
        return TerminalRenderer(options: options).render(document: MarkdownParser().parse(markdown))
    }

    @Test func inlineMathWithoutColorIsBetweenDollars() {
        #expect(render("Energy $E = mc^2$ and $\\alpha_i \\le 1$.") == "Energy $E = mc²$ and $αᵢ ≤ 1$.\n")
        #expect(render("Roots \\(\\sqrt{x+1}\\) here.") == "Roots $√(x+1)$ here.\n")
    }

    @Test(arguments: [(TerminalTheme.dark, 152), (.light, 24)])
    func inlineMathTakesThePaletteColor(_ theme: TerminalTheme, _ color: Int) {
        let output = render("Energy $E = mc^2$ here.", color: true, theme: theme)
        #expect(output == "Energy \u{1B}[38;5;\(color)mE = mc²\u{1B}[0m here.\n")
        #expect(theme.palette.math == UInt8(color))
    }

    @Test func mathBlockIsIndentedOnItsOwnLines() {
        let markdown =
            "Before:\n\n```math\n\\int_0^1 x\\,dx = \\frac{1}{2}\n\\qquad\n\\sum_{k=1}^{n} k\n```\n\nAfter.\n"
        #expect(render(markdown) == "Before:\n\n    ∫₀¹ x dx = 1/2\n    ∑ₖ₌₁ⁿ k\n\nAfter.\n")
    }

    @Test func mathBlockWithColor() {
        let output = render("```math\n\\alpha \\to \\beta\n```\n", color: true)
        #expect(output == "    \u{1B}[38;5;152mα → β\u{1B}[0m\n")
    }

    @Test func displayMathBreaksItsParagraph() {
        #expect(render("Before\n$$x^2 + y^2$$\nafter.") == "Before\n    x² + y²\nafter.\n")
        #expect(render("Also $$e^{i\\pi} + 1 = 0$$ is it.") == "Also\n    e^(iπ) + 1 = 0\nis it.\n")
        #expect(render("$$a \\\\ b$$") == "    a\n    b\n")
        #expect(render("\\[\na &= 1 \\\\\n  &= 2\n\\]") == "    a = 1\n    = 2\n")
        #expect(render("$$a$$ $$b$$") == "    a\n    b\n")
    }

    @Test func displayMathWithColor() {
        let output = render("Also $$x^2$$ ok.", color: true)
        #expect(output == "Also\n    \u{1B}[38;5;152mx²\u{1B}[0m\nok.\n")
    }

    /// Where math cannot have lines of its own, it stays inline.
    @Test func displayMathInsideInlinesOrHeadingsStaysInline() {
        #expect(render("# Title $$x^2$$") == "# Title $$x²$$\n")
        #expect(render("Some *emphasised $$x^2$$* math.") == "Some *emphasised $$x²$$* math.\n")
    }

    @Test func displayMathWrapsToTheWidth() {
        let markdown = "$$a + b + c + d + e + f + g + h + i + j + k$$"
        let output = render(markdown, width: 20)
        #expect(output == "    a + b + c + d +\n    e + f + g + h +\n    i + j + k\n")
        let narrow = render("```math\n\\alpha\\beta\\gamma\\delta\\epsilon\n```", width: 4)
        #expect(narrow == "αβγδ\nϵ\n")
    }

    @Test func displayMathInAListItemOrQuote() {
        #expect(render("- item\n\n  $$x^2$$\n") == "• item\n\n      x²\n")
        #expect(render("> $$x^2$$") == "│     x²\n")
    }

    /// Control characters in TeX never reach the terminal.
    @Test func controlCharactersAreReplaced() {
        let output = render("```math\nx\u{1B}[2J\u{9B}y\n```\n", color: true)
        #expect(!output.contains("\u{1B}[2J") && !output.contains("\u{9B}"))
        #expect(output.contains("x\u{FFFD}[2J\u{FFFD}y"))
    }

    /// The math feature answer streamed live, with the provisional display
    /// (formulas closed while typed), on a 12-row terminal: the tail narrowed
    /// to the screen shows what the whole open block shows after every
    /// chunk, and the screen ends as the one-shot rendering.
    @Test(arguments: [false, true])
    func mathAnswerStreamsLive(_ color: Bool) throws {
        let url = CorpusAnswers.root.appendingPathComponent("Corpus/features/math-answer.md")
        let bytes = try [UInt8](Data(contentsOf: url))
        let renderer = TerminalRenderer(options: TerminalOptions(width: 50, color: color))
        let run = TailNarrowingRun(bytes, chunk: 7, renderer: renderer)
        #expect(run.screens.narrowed.styledLines == run.screens.reference.styledLines)
        let oneShot = renderer.render(document: MarkdownParser().parse(bytes: bytes))
        var expected = oneShot.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var text = TestSupport.strippingEscapes(String(line))
            while text.last == " " { text.removeLast() }
            return text
        }
        while expected.last == "" { expected.removeLast() }
        #expect(run.screens.narrowed.lines == expected)
    }

    /// The live writer draws math blocks and display math as the one-shot
    /// renderer does.
    @Test func liveWriterDrawsMath() {
        let markdown = "Text $a^2$ here.\n\n```math\n\\frac{a}{b}\n```\n\nMore $$\\sqrt{x}$$ end.\n"
        var document = StreamingDocument()
        var output = ""
        let writer = LiveTerminalWriter(renderer: TerminalRenderer(options: TerminalOptions(width: 40)), live: false) {
            output += $0
        }
        for character in markdown {
            writer.update(with: document.append(String(character)), isClosed: { document.isClosed($0) })
        }
        writer.finish(with: document.finish())
        #expect(output == render(markdown))
        #expect(output == "Text $a²$ here.\n\n    a/b\n\nMore\n    √x\nend.\n")
    }
}
