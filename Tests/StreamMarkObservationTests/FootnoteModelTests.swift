import StreamMark
import StreamMarkObservation
import StreamMarkTestSupport
import Testing

/// Footnotes in the observation model, on a hand-built tree (the parser
/// does not produce them yet): a note is a container, as a quote is; the
/// section is a leaf; in the top-level scope the section is rendered again
/// when a note changes, since it draws the notes.
@Suite("Footnotes in the model")
@MainActor
struct FootnoteModelTests {
    static func inserts(_ document: Block) -> [Patch] {
        document.children.enumerated().map { .insert(parent: .document, index: $0.offset, block: $0.element) }
    }

    @Test func notesAreContainersAndTheSectionIsALeaf() throws {
        var received: [BlockID] = []
        let model = DocumentModel<String>(scope: .contentBlocks) { block, _, _ in
            received.append(block.id)
            return "\(block.kind.name):\(block.children.count)"
        }
        try model.apply(Self.inserts(FootnoteTrees.document))
        for note in ["n1", "n2", "n3", "n4"] {
            #expect(model.node(for: BlockID(note))?.output == nil, "\(note)")
            #expect(!received.contains(BlockID(note)))
        }
        #expect(model.node(for: "n2")?.children.map(\.id) == ["p3", "n3"])
        #expect(model.node(for: "n3")?.children.map(\.id) == ["p4", "hr"])
        #expect(model.node(for: "n3")?.parent?.id == "n2")
        #expect(model.node(for: "p4")?.output == "paragraph:0")
        #expect(model.node(for: .footnotes)?.output == "footnotes:0")
        #expect(model.blocks.last?.id == .footnotes)
        #expect(Set(received).count == received.count)
        // A note's paragraph changes: only it is rendered again.
        received.removeAll()
        try model.apply([
            .update(id: "p4", value: BlockValue(kind: .paragraph(inlines: [.text("Deeper.")]), range: 0..<0))
        ])
        #expect(received == ["p4"])
    }

    @Test func topLevelScopeRendersTheSectionAgainWhenANoteChanges() throws {
        var sectionRenders = 0
        var quoteRenders = 0
        let model = DocumentModel<String>(scope: .topLevelBlocks) { block, _, _ in
            if case .footnotes = block.kind { sectionRenders += 1 }
            if block.id == "q" { quoteRenders += 1 }
            return block.kind.name
        }
        try model.apply(Self.inserts(FootnoteTrees.document))
        #expect(sectionRenders == 1)
        #expect(quoteRenders == 1)
        #expect(model.node(for: .footnotes)?.output == "footnotes")
        // A note at top level changes: the section draws it again.
        try model.apply([.update(id: "p1", value: BlockValue(kind: .paragraph(inlines: [.text("A!")]), range: 0..<0))])
        #expect(sectionRenders == 2)
        // A note nested in a note in a quote: the quote and the section.
        try model.apply([.update(id: "p4", value: BlockValue(kind: .paragraph(inlines: [.text("C!")]), range: 0..<0))])
        #expect(sectionRenders == 3)
        #expect(quoteRenders == 2)
        // A paragraph that holds no note: not the section.
        try model.apply([.update(id: "p0", value: BlockValue(kind: .paragraph(inlines: [.text("x")]), range: 0..<0))])
        #expect(sectionRenders == 3)
    }
}
