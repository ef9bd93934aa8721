import StreamMark

/// Hand-built trees with footnotes, in the shape the footnotes parser is to
/// produce (docs/footnotes.md, "Tree shape"): notes stay where they were
/// written, the section is the document's last child and lists the
/// referenced notes by id in number order. Built by hand so the consumers
/// of the tree (renderers, clients, the observation model) can be tested
/// before the parser produces footnotes.
public enum FootnoteTrees {
    /// A paragraph of `inlines`.
    public static func paragraph(_ id: String, _ inlines: [Inline]) -> Block {
        Block(id: BlockID(id), kind: .paragraph(inlines: inlines), range: 0..<0)
    }

    /// A note labelled `label`, numbered `number`, referenced `count` times.
    public static func note(_ id: String, _ label: String, number: Int, count: Int, _ children: [Block]) -> Block {
        Block(
            id: BlockID(id),
            kind: .footnoteDefinition(FootnoteDefinition(label: label, number: number, referenceCount: count)),
            range: 0..<0, children: children)
    }

    /// A resolved reference to note `number`, its `occurrence`-th.
    public static func reference(_ label: String, _ number: Int, _ occurrence: Int = 1) -> Inline {
        .footnoteReference(FootnoteReference(source: label, label: label, number: number, occurrence: occurrence))
    }

    /// An undefined reference written `[^source]`.
    public static func undefined(_ source: String) -> Inline {
        .footnoteReference(FootnoteReference(source: source))
    }

    /// The section listing `notes`.
    public static func section(_ notes: [String]) -> Block {
        Block(id: .footnotes, kind: .footnotes(notes: notes.map { BlockID($0) }), range: 0..<0)
    }

    /// A document with a note at top level referenced twice, a note inside
    /// a block quote with a note nested in it, an unreferenced note, an
    /// undefined reference, and the section listing notes 1–3:
    ///
    ///     A[^a] b[^b] again[^a] [^nope]
    ///
    ///     [^a]: Note A.
    ///
    ///     > Quoted.
    ///     >
    ///     > [^b]: Note B[^c].
    ///     >
    ///     >     [^c]: Deep.
    ///     >
    ///     >     ***
    ///
    ///     [^unused]: Never.
    public static var document: Block {
        let text = paragraph(
            "p0",
            [
                .text("A"), reference("a", 1), .text(" b"), reference("b", 2), .text(" again"),
                reference("a", 1, 2), .text(" "), undefined("nope"),
            ])
        let noteA = note("n1", "a", number: 1, count: 2, [paragraph("p1", [.text("Note A.")])])
        let noteC = note(
            "n3", "c", number: 3, count: 1,
            [paragraph("p4", [.text("Deep.")]), Block(id: "hr", kind: .thematicBreak, range: 0..<0)])
        let noteB = note(
            "n2", "b", number: 2, count: 1,
            [paragraph("p3", [.text("Note B"), reference("c", 3)]), noteC])
        let quote = Block(
            id: "q", kind: .blockQuote, range: 0..<0, children: [paragraph("p2", [.text("Quoted.")]), noteB])
        let unused = note("n4", "unused", number: 0, count: 0, [paragraph("p5", [.text("Never.")])])
        return Block(
            id: .document, kind: .document, range: 0..<0,
            children: [text, noteA, quote, unused, section(["n1", "n2", "n3"])])
    }
}
