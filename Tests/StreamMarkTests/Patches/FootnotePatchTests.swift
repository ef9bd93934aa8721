import Foundation
import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// The three footnote kinds on the wire (hand-built trees: the parser does
/// not produce them yet): the short form of version 2 (tag 19, tag 20,
/// inline `"f"`) and the long form of version 1 survive writer → decoder,
/// and whole streams of them rebuild the tree in the reference client.
@Suite struct FootnotePatchTests {
    static let definition = FootnoteDefinition(label: "a \"b\" é", number: 2, referenceCount: 3)
    static let reference = FootnoteReference(source: "A \"B\" é", label: "a \"b\" é", number: 2, occurrence: 3)

    /// An undefined reference whose source holds an e-mail address: its
    /// fallback (the linked source text) follows its fields.
    static let mailReference = FootnoteReference(
        source: "a@b.com",
        fallback: [
            .text("[^"), .link(destination: "mailto:a@b.com", title: "", children: [.text("a@b.com")]), .text("]"),
        ])

    static var deltas: [DeltaPatch] {
        let document = FootnoteTrees.document
        var deltas: [DeltaPatch] = document.children.enumerated().map {
            .insert(parent: .document, index: $0.offset == 0 ? nil : $0.offset, block: $0.element)
        }
        deltas += [
            .update(id: "n1", kind: .footnoteDefinition(definition)),
            .update(id: "n4", kind: .footnoteDefinition(FootnoteDefinition(label: "", number: 0, referenceCount: 0))),
            .update(id: .footnotes, kind: .footnotes(notes: [])),
            .update(id: .footnotes, kind: .footnotes(notes: ["n3", "e12", "e0.list"])),
            .splice(id: "p0", cell: nil, keep: 1, inlines: [.footnoteReference(reference), .text("x")]),
            .splice(
                id: "p0", cell: nil, keep: 0, inlines: [.emphasis([.footnoteReference(FootnoteReference(source: ""))])]),
            .update(id: "p2", kind: .paragraph(inlines: [.footnoteReference(reference)])),
            .update(id: "p3", kind: .paragraph(inlines: [.footnoteReference(mailReference)])),
        ]
        return deltas
    }

    @Test func shortFormRoundTrips() throws {
        let deltas = Self.deltas
        let (decoded, lines) = try ShortFormTests.roundTrip(deltas)
        #expect(decoded == deltas)
        let text = lines.joined(separator: "\n")
        // The forms docs/patches.md gives.
        #expect(text.contains(#"[19,"a",1,2]"#))
        #expect(text.contains(#"[19,"unused",0,0]"#))
        #expect(text.contains(#"[20,"n1","n2","n3"]"#))
        #expect(text.contains(#"["f","a","a",1,2]"#))
        #expect(text.contains(#"["f","nope","",0,0]"#))
        #expect(text.contains(#"[19,"a \"b\" é",2,3]"#))
        #expect(text.contains(#"["f","a@b.com","",0,0,"[^",["a","mailto:a@b.com","","a@b.com"],"]"]"#))
        #expect(text.contains(#"[4,"footnotes",20]"#) || text.contains(#"[4,"footnotes",[20]]"#))
    }

    @Test func shortFormRejectsBadFields() throws {
        for line in [
            #"[0,"doc",["x",19]]"#, #"[0,"doc",["x",[19,"a",1]]]"#, #"[0,"doc",["x",[19,1,1,1]]]"#,
            #"[0,"doc",["x",[19,"a",1,1,1]]]"#, #"[0,"doc",["x",[20,1]]]"#,
            #"[0,"doc",["x",[0,[["f","a","a",1]]]]]"#, #"[0,"doc",["x",[0,[["f","a","a","1",1]]]]]"#,
            #"[0,"doc",["x",[0,[["f","a","",0,0,7]]]]]"#,
        ] {
            var decoder = PatchStreamDecoder()
            _ = try decoder.decode(line: Array(#"{"v":2}"#.utf8))
            #expect(throws: PatchStreamError.self, "\(line)") { _ = try decoder.decode(line: Array(line.utf8)) }
        }
    }

    /// Version 1: each line decodes (`JSONDecoder`, the `Codable` form) to
    /// the patch written, in the long forms docs/patches.md gives.
    @Test func longFormRoundTrips() throws {
        let document = FootnoteTrees.document
        var patches: [Patch] = document.children.enumerated().map {
            .insert(parent: .document, index: $0.offset, block: $0.element)
        }
        patches += [
            .update(id: "n1", value: BlockValue(kind: .footnoteDefinition(Self.definition), range: 3..<9)),
            .update(id: .footnotes, value: BlockValue(kind: .footnotes(notes: []), range: 0..<0)),
            .update(
                id: "p0",
                value: BlockValue(kind: .paragraph(inlines: [.footnoteReference(Self.reference)]), range: 1..<2)),
            .update(
                id: "p3",
                value: BlockValue(kind: .paragraph(inlines: [.footnoteReference(Self.mailReference)]), range: 2..<3)),
        ]
        var writer = PatchStreamWriter(version: 1)
        writer.write(patches)
        let wire = writer.takeBytes()
        let lines = wire.split(separator: 0x0A).map { Data($0) }
        let decoded = try lines.map { try JSONDecoder().decode(Patch.self, from: $0) }
        #expect(decoded == patches)
        let text = String(decoding: wire, as: UTF8.self)
        #expect(
            text.contains(#"{"type":"footnote_definition","footnote":{"label":"a","number":1,"referenceCount":2}}"#))
        #expect(text.contains(#"{"type":"footnotes","notes":["n1","n2","n3"]}"#))
        #expect(text.contains(#"{"type":"footnotes","notes":[]}"#))
        #expect(
            text.contains(
                #"{"type":"footnote_reference","footnote":{"source":"a","label":"a","number":1,"occurrence":2}}"#))
        #expect(
            text.contains(
                #"{"type":"footnote_reference","footnote":{"source":"nope","label":"","number":0,"occurrence":0}}"#))
        #expect(
            text.contains(
                #"{"source":"a@b.com","label":"","number":0,"occurrence":0,"fallback":["[^",{"type":"link","url":"mailto:a@b.com","title":"","children":["a@b.com"]},"]"]}"#
            ))
    }

    /// Whole streams in both versions: the reference client rebuilds the
    /// tree, through the delta encoder's updates and splices in version 2.
    @Test(arguments: [1, 2])
    func clientRebuildsTheTree(version: Int) throws {
        let document = FootnoteTrees.document
        var patches: [Patch] = document.children.enumerated().map {
            .insert(parent: .document, index: $0.offset, block: $0.element)
        }
        var changed = document
        let paragraph = BlockKind.paragraph(inlines: [
            .text("A"), .footnoteReference(Self.reference), .text(" b"), FootnoteTrees.undefined("late"),
        ])
        changed.children[0].kind = paragraph
        changed.children[1].kind = .footnoteDefinition(Self.definition)
        changed.children[4].kind = .footnotes(notes: ["n2", "n1"])
        patches += [
            .update(id: "p0", value: BlockValue(kind: paragraph, range: 0..<0)),
            .update(id: "n1", value: BlockValue(kind: .footnoteDefinition(Self.definition), range: 0..<0)),
            .update(id: .footnotes, value: BlockValue(kind: .footnotes(notes: ["n2", "n1"]), range: 0..<0)),
            .close(id: "n1"),
        ]
        var writer = PatchStreamWriter(version: version)
        writer.write(patches)
        var client = PatchStreamClient()
        try client.apply(stream: writer.takeBytes())
        #expect(client.root == changed.removingRanges())
    }
}
