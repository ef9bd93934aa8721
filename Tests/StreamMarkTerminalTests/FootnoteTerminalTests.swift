import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// Footnotes in the terminal, on hand-built trees; every expectation
/// written by hand. A reference shows its label (digits in superscript
/// with colour, other labels in brackets), the same before and after its
/// note arrives.
@Suite("Terminal footnotes")
struct FootnoteTerminalTests {
    static let rule20 = String(repeating: "─", count: 20)

    /// A paragraph `x[^a]` and the section listing note 1, `Note.`.
    static func small(label: String = "a", number: Int = 1) -> Block {
        Block(
            id: .document, kind: .document, range: 0..<0,
            children: [
                FootnoteTrees.paragraph("p", [.text("x"), FootnoteTrees.reference(label, number)]),
                FootnoteTrees.note(
                    "n", label, number: number, count: 1, [FootnoteTrees.paragraph("q", [.text("Note.")])]),
                FootnoteTrees.section(["n"]),
            ])
    }

    @Test func plainDocumentWithNotes() {
        let out = TerminalRenderer(options: TerminalOptions(width: 20)).render(document: FootnoteTrees.document)
        let expected = """
            A[a] b[b] again[a]
            [nope]

            │ Quoted.

            ────────────────────
            1. [a] Note A.

            2. [b] Note B[c]

            3. [c] Deep.

               ─────────────────

            """
        #expect(out == expected)
    }

    @Test func oneBlockNotesMakeATightList() {
        let out = TerminalRenderer(options: TerminalOptions(width: 20)).render(document: Self.small())
        #expect(out == "x[a]\n\n" + Self.rule20 + "\n1. [a] Note.\n")
        // A label that is the note's number needs no marker in the list.
        let numbered = TerminalRenderer(options: TerminalOptions(width: 20)).render(document: Self.small(label: "1"))
        #expect(numbered == "x[1]\n\n" + Self.rule20 + "\n1. Note.\n")
    }

    @Test func superscriptDigits() {
        #expect(TerminalRenderer.superscript(1) == "¹")
        #expect(TerminalRenderer.superscript(12) == "¹²")
        #expect(TerminalRenderer.superscript(3_405) == "³⁴⁰⁵")
    }

    @Test func colorShowsSuperscriptsInTheLinkColor() {
        let out = TerminalRenderer(options: TerminalOptions(width: 20, color: true)).render(
            document: Self.small(label: "1"))
        #expect(
            out
                == "x\u{1B}[38;5;75m¹\u{1B}[0m\n\n"
                + "\u{1B}[2m" + Self.rule20 + "\u{1B}[0m\n"
                + "\u{1B}[38;5;75m1.\u{1B}[0m Note.\n")
    }

    @Test func hyperlinksJumpToTheNote() {
        let options = TerminalOptions(width: 20, color: true, hyperlinks: true)
        let out = TerminalRenderer(options: options).render(document: Self.small(label: "12", number: 12))
        let first = out.split(separator: "\n", omittingEmptySubsequences: false)[0]
        #expect(first == "x\u{1B}]8;;#fn-12\u{1B}\\\u{1B}[38;5;75m¹²\u{1B}]8;;\u{1B}\\\u{1B}[0m")
        // Without colour: the label in brackets, still a hyperlink.
        let plain = TerminalRenderer(options: TerminalOptions(width: 20, hyperlinks: true)).render(
            document: Self.small())
        #expect(plain == "x\u{1B}]8;;#fn-a\u{1B}\\[a]\u{1B}]8;;\u{1B}\\\n\n" + Self.rule20 + "\n1. [a] Note.\n")
        // An unresolved reference is no hyperlink (there is no note yet).
        let pending = Block(
            id: .document, kind: .document, range: 0..<0,
            children: [FootnoteTrees.paragraph("p", [.text("x"), FootnoteTrees.undefined("7")])])
        #expect(TerminalRenderer(options: options).render(document: pending) == "x\u{1B}[38;5;75m⁷\u{1B}[0m\n")
    }

    @Test func controlCharactersInLabelsNeverReachTheTerminal() {
        let label = "a\u{1B}]8;;evil\u{07}\u{9B}2J"
        let options = TerminalOptions(width: 40, hyperlinks: true)
        let out = TerminalRenderer(options: options).render(document: Self.small(label: label))
        let first = out.split(separator: "\n", omittingEmptySubsequences: false)[0]
        #expect(first == "x\u{1B}]8;;#fn-a]8;;evil2J\u{1B}\\[a\u{FFFD}]8;;evil\u{FFFD}\u{FFFD}2J]\u{1B}]8;;\u{1B}\\")
        // An unresolved reference shows its label, control characters made
        // visible.
        let undefined = Block(
            id: .document, kind: .document, range: 0..<0,
            children: [FootnoteTrees.paragraph("p", [FootnoteTrees.undefined("b\u{1B}[31mc")])])
        #expect(TerminalRenderer(options: options).render(document: undefined) == "[b\u{FFFD}[31mc]\n")
    }

    @Test func notesInPlaceAndTheSectionAloneDrawNothingThroughTheCache() {
        let renderer = TerminalRenderer(options: TerminalOptions(width: 20))
        let cache = renderer.makeCache()
        cache.update(to: Self.small())
        #expect(cache.output(for: cache.root.children[1], context: renderer.rootContext) == [])
        #expect(cache.output(for: cache.root.children[2], context: renderer.rootContext) == [])
        #expect(
            renderer.footnoteLines(cache.root.children[2], in: cache.root) == [Self.rule20, "1. [a] Note."])
        #expect(renderer.footnoteLines(FootnoteTrees.section([]), in: cache.root) == [])
        #expect(renderer.footnoteLines(FootnoteTrees.section(["missing"]), in: cache.root) == [])
    }

    /// The live writer, fed the tree block by block, draws the section at
    /// the end, with the notes as they are then.
    @Test(arguments: [3, 400])
    func liveWriterDrawsTheSectionLast(rows: Int) {
        var terminal = VirtualTerminal(columns: 20, rows: rows)
        let writer = LiveTerminalWriter(
            renderer: TerminalRenderer(options: TerminalOptions(width: 20)), live: true, height: rows
        ) { terminal.feed($0) }
        let document = FootnoteTrees.document
        for (index, block) in document.children.enumerated() {
            writer.update(with: [.insert(parent: .document, index: index, block: block)], isClosed: { _ in false })
        }
        // A note's text changes after the section arrived.
        writer.update(
            with: [.update(id: "p1", value: BlockValue(kind: .paragraph(inlines: [.text("Note A!")]), range: 0..<0))],
            isClosed: { _ in false })
        writer.finish(with: [])
        #expect(
            terminal.lines == [
                "A[a] b[b] again[a]", "[nope]", "", "│ Quoted.", "", Self.rule20, "1. [a] Note A!", "",
                "2. [b] Note B[c]",
                "", "3. [c] Deep.", "", "   ─────────────────",
            ])
    }
}
