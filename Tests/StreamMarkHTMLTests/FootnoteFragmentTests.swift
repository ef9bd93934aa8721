import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Per-block rendering of trees with footnotes (hand-built: the parser
/// does not produce them yet): the fragments of the top-level blocks,
/// concatenated, are the whole document's HTML, the section drawing the
/// notes it lists and the notes drawing nothing where they were written.
@Suite struct FootnoteFragmentTests {
    static let renderer = HTMLRenderer()

    /// The fragments of `document`'s top-level blocks, concatenated.
    static func fragments(_ document: Block) -> String {
        document.children.map { renderer.render(block: $0, in: document) }.joined()
    }

    @Test func fragmentsEqualTheWholeDocument() {
        let document = FootnoteTrees.document
        #expect(Self.fragments(document) == Self.renderer.render(document))
    }

    @Test func theSectionDrawsTheListedNotesInOrder() {
        let document = FootnoteTrees.document
        let section = document.children.last!
        let html = Self.renderer.render(block: section, in: document)
        let expected = """
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-a">
            <p>Note A. <a href="#fnref-a" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a> \
            <a href="#fnref-a-2" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">2</sup></a></p>
            </li>
            <li id="fn-b">
            <p>Note B<sup class="footnote-ref"><a href="#fn-c" id="fnref-c" data-footnote-ref>3</a></sup> \
            <a href="#fnref-b" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
            </li>
            <li id="fn-c">
            <p>Deep.</p>
            <hr />
            <a href="#fnref-c" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a>
            </li>
            </ol>
            </section>

            """
        #expect(html == expected)
        // The same through a lookup by id.
        var index: [BlockID: Block] = [:]
        var stack = [document]
        while let block = stack.popLast() {
            index[block.id] = block
            stack.append(contentsOf: block.children)
        }
        #expect(Self.renderer.render(block: section, note: { index[$0] }) == expected)
    }

    @Test func notesRenderNothingInPlace() {
        let document = FootnoteTrees.document
        #expect(Self.renderer.render(block: document.children[1], in: document) == "")
        #expect(Self.renderer.render(block: document.children[3], in: document) == "")
        #expect(
            Self.renderer.render(block: document.children[2], in: document)
                == "<blockquote>\n<p>Quoted.</p>\n</blockquote>\n")
        #expect(
            Self.renderer.render(block: document.children[0], in: document)
                == "<p>A<sup class=\"footnote-ref\"><a href=\"#fn-a\" id=\"fnref-a\" data-footnote-ref>1</a></sup> b"
                + "<sup class=\"footnote-ref\"><a href=\"#fn-b\" id=\"fnref-b\" data-footnote-ref>2</a></sup> again"
                + "<sup class=\"footnote-ref\"><a href=\"#fn-a\" id=\"fnref-a-2\" data-footnote-ref>1</a></sup>"
                + " [^nope]</p>\n")
    }

    /// A quote's pieces (``HTMLRenderer/containerMarkup(of:)`` and its
    /// children's fragments) skip a note in it, as the whole quote does.
    @Test func containerPiecesSkipNotes() {
        let document = FootnoteTrees.document
        let quote = document.children[2]
        let markup = Self.renderer.containerMarkup(of: quote)
        let pieces =
            markup.opening + quote.children.map { Self.renderer.render(block: $0, in: document) }.joined()
            + markup.closing
        #expect(pieces == Self.renderer.render(block: quote, in: document))
    }

    /// Without a section, a document's notes draw nothing at all; a section
    /// listing an id that is no note is drawn without it.
    @Test func strayNotesAndIds() {
        let note = FootnoteTrees.note("n", "x", number: 0, count: 0, [FootnoteTrees.paragraph("p", [.text("x")])])
        let bare = Block(id: .document, kind: .document, range: 0..<0, children: [note])
        #expect(Self.renderer.render(bare) == "")
        let stray = Block(
            id: .document, kind: .document, range: 0..<0, children: [note, FootnoteTrees.section(["missing"])])
        #expect(Self.fragments(stray) == Self.renderer.render(stray))
        #expect(Self.fragments(stray) == "<section class=\"footnotes\" data-footnotes>\n<ol>\n</ol>\n</section>\n")
    }
}
