import StreamMark
import StreamMarkTestSupport
import Testing

/// E-mail addresses in footnote references (docs/footnotes.md, §9.3 "As
/// built", item 2): cmark-gfm turns an undefined reference into the text
/// `[^source]` before its autolink pass, which links the e-mail addresses
/// in that text outside links; ours keeps the reference (a late note
/// resolves it) with the linked text as its fallback. Against
/// `cmark-gfm -e footnotes -e table -e strikethrough -e autolink -e
/// tasklist`.
@Suite struct FootnoteEmailTests {
    static let handCases = [
        "[^a@b.com] x\n", "[^x a@b.com y] x\n", "[x [^a@b.com]](/u)\n", "![x [^a@b.com]](/u)\n",
        "*[^a@b.com]*\n", "[^mailto:a@b.com] and [^xmpp:a@b.com/x]\n", "| a |\n|-|\n| [^a@b.com] |\n",
        "[^a@b.com]: note\n\nx [^a@b.com]\n", "x@[^b.com] [^a@b] [^a@b.c_d] [^a@b.com.]\n",
        "> [^u@h.net] ~~[^v@w.org]~~\n",
    ]

    @Test(arguments: handCases)
    func handCaseMatchesCmarkGFM(_ markdown: String) throws {
        #expect(FootnoteReferenceTests.ours(markdown) == (try FootnoteReferenceTests.theirs(markdown)))
    }

    /// References whose labels hold e-mail-shaped words (with `mailto:`,
    /// `xmpp:`, trailing dots, two `@`, underscores), in text, emphasis,
    /// links, images, strikethrough, quotes and table cells; some defined.
    static func document(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x2545_F491 &+ 29)
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        let words = [
            "a@b.com", "x.y@z.org", "mailto:a@b.c", "xmpp:u@h.net/r", "a@b", "@b.com", "a@b.com.", "a_b@c-d.e",
            "a@b@c.d", "u@h.net", "1", "x y", "*e@f.g*", "a@b.c_d",
        ]
        var labels: [String] = []
        var text = ""
        for _ in 0..<Int.random(in: 2...6, using: &random) {
            let label = pick(words) + pick(["", "", " a@b.com", "."])
            labels.append(label)
            let reference = "[^" + label + "]"
            text += pick(["", " ", "x", "x@", "e.", "\n"])
            text += pick([
                reference, reference, "*" + reference + "*", "[t " + reference + "](/u)", "![i " + reference + "](/u)",
                "~~" + reference + "~~", reference + "@b.com",
            ])
        }
        var blocks = [text]
        if Bool.random(using: &random) { blocks.append("| c |\n|-|\n| " + "[^" + pick(labels) + "] |") }
        if Bool.random(using: &random) { blocks.append("> " + "[^" + pick(labels) + "]") }
        for label in labels where Int.random(in: 0..<3, using: &random) == 0 {
            blocks.append("[^" + label + "]: note")
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    @Test(arguments: 0..<2)
    func randomReferencesMatchCmarkGFM(batch: Int) throws {
        try FootnoteReferenceTests.expectMatches(batch: batch, of: 2, seeds: 600, known: [:], Self.document)
    }

    @Test func randomReferencesStreamLikeOneShot() {
        FootnoteDifferentialTests.expectStreamsLikeOneShot(80, Self.document)
    }

    /// A reference holding an e-mail address carries its linked text as
    /// its fallback while undefined, keeps it once its note arrives (the
    /// number shows instead), and one without an address carries none.
    @Test func fallbackIsTheLinkedSourceText() {
        var document = StreamingDocument(options: FootnoteReferenceTests.options)
        _ = document.append("[^a@b.com] [^c]\n\n")
        let mail = Inline.link(destination: "mailto:a@b.com", title: "", children: [.text("a@b.com")])
        #expect(Self.references(in: document.root).map(\.fallback) == [[.text("[^"), mail, .text("]")], nil])
        _ = document.append("[^a@b.com]: note\n")
        _ = document.finish()
        let references = Self.references(in: document.root)
        #expect(references.map(\.number) == [1, 0])
        #expect(references.first?.fallback == [.text("[^"), mail, .text("]")])
    }

    static func references(in root: Block) -> [FootnoteReference] {
        guard case .paragraph(let inlines) = root.children.first?.kind else { return [] }
        return inlines.compactMap {
            if case .footnoteReference(let reference) = $0 { return reference } else { return nil }
        }
    }
}
