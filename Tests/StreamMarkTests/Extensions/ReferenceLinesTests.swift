import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// ``CellInlineParser/referenceLines(of:outside:)`` keeps every line a link
/// reference definition needs: the groups it returns, taken through
/// ``ReferenceContext`` as a parse taken again takes them, define each label
/// as the whole text does (the same destination and title, the first
/// definition winning), on seeded texts dense in the shapes that decide it:
/// definitions with destinations and titles on later lines, labels over two
/// lines, list items and quotes, lazy lines, indented definitions, fenced
/// and indented code, HTML blocks of every kind, open and closed.
@Suite struct ReferenceLinesTests {
    static let fragments = [
        "[a]: /a1", "[b]: /b1 \"t1\"", "[c]:", "/c2", "\"title", "goes on\"", "'t2'", "[a", "b]: /ab", "text",
        "more text", "", "", "- item", "  [b]: /b3", "    [c]: /c4", "> [a]: /a5", "> quoted", "```", "~~~",
        "    indented", "<script", "</script>", "<!-- c", "-->", "<div>", "<!", "<?x", "# h", "===", "+ T", "|",
        "1. x", "      [a]: /a6", "\t[b]: /b7", "[c]: /c8 'c8'", "- [a]: /a9", "> - [b]:", ">  /b10",
    ]

    /// The uses: one paragraph before the text, so that no block the text
    /// leaves open can swallow it.
    static let uses = Array("[a] [b] [c] [a b]\n\n".utf8)

    /// A text of 4–16 lines of ``fragments``.
    static func text(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for _ in 0..<Int.random(in: 4...16, using: &random) {
            lines.append(fragments.randomElement(using: &random)!)
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The inlines cmark gives ``uses`` in front of `text`.
    static func resolvedUses(before text: [UInt8]) -> [Inline] {
        let buffer = uses + text
        let blocks = buffer.withUnsafeBufferPointer { CmarkNodeReader.parse($0, smart: false, contentStart: 0) { $0 } }
        return blocks.first?.kind.inlines ?? []
    }

    /// The groups of `text` that may define a used label, as a parse taken
    /// again appends them.
    static func contextLines(of text: [UInt8]) -> [UInt8] {
        var literals: [Range<Int>]? = []
        _ = text.withUnsafeBufferPointer {
            CmarkNodeReader.parse($0, smart: false, contentStart: 0, mapOffset: { $0 }, literals: &literals)
        }
        let groups = CellInlineParser.referenceLines(of: text, outside: literals ?? [])
        return ReferenceContext(groups: groups).lines(usedBy: [uses]).after
    }

    @Test(arguments: 0..<4)
    func groupsDefineWhatTheTextDefines(batch: Int) {
        var failures: [String] = []
        var linked = 0
        for index in 0..<500 {
            let text = Self.text(seed: 0x4EF_0000 + UInt64(batch * 500 + index))
            let whole = Self.resolvedUses(before: text)
            if whole.contains(where: { if case .link = $0 { true } else { false } }) { linked += 1 }
            if whole != Self.resolvedUses(before: Self.contextLines(of: text)) {
                failures.append(String(decoding: text, as: UTF8.self))
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 500 differ; first: \(failures.first?.debugDescription ?? "")")
        // The texts define a used label often enough to test the groups
        // (measured: 173–194 of each 500).
        #expect(linked > 125, "only \(linked) of 500 texts define a used label")
    }
}
